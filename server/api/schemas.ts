import { z } from "zod";
import { SUPPORTED_LOCALES } from "./locale";

/** Shared schema pieces. Public resource schemas live next to their operations. */

export const HexId = z
  .string()
  .regex(/^[0-9a-fA-F]{24}$/, "must be a 24-character hexadecimal id")
  .transform((s) => s.toLowerCase())
  .meta({ description: "24-character hexadecimal id", example: "65f1c0ffee0123456789abcd" });

/** A read locale: any BCP-47-looking tag; unsupported ones fall back to English. */
export const ReadLocale = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a BCP-47 language tag")
  .meta({ description: `BCP-47 locale. Supported: ${SUPPORTED_LOCALES.join(", ")}. Others fall back to en-US; no and no-NO alias to nb-NO.`, example: "de-DE" });

export const StrictLocale = z.enum(SUPPORTED_LOCALES).meta({ description: "One of the 18 supported locales (no aliases)." });

/** Query booleans arrive as strings. */
export const QueryBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .meta({ description: "true or false" });

export const limitParam = (max: number, def: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(def)
    .meta({ description: `Page size, 1 to ${max} (default ${def}).` });

export const offsetParam = z.coerce.number().int().min(0).max(1_000_000).default(0).meta({ description: "Items to skip." });

/** Comma-separated list of hex ids. */
export const HexIdList = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    const parts = s.split(",").map((p) => p.trim()).filter(Boolean);
    for (const p of parts) {
      if (!/^[0-9a-fA-F]{24}$/.test(p)) {
        ctx.addIssue({ code: "custom", message: `"${p}" is not a 24-character hexadecimal id` });
        return z.NEVER;
      }
    }
    return parts.map((p) => p.toLowerCase());
  })
  .meta({ description: "Comma-separated 24-character hexadecimal ids." });

export const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(1000)
    .transform((s, ctx) => {
      const parts = s.split(",").map((p) => p.trim()).filter(Boolean);
      for (const p of parts) {
        if (!(values as readonly string[]).includes(p)) {
          ctx.addIssue({ code: "custom", message: `"${p}" is not one of ${values.join(", ")}` });
          return z.NEVER;
        }
      }
      return parts as T[number][];
    })
    .meta({ description: `Comma-separated values of: ${values.join(", ")}.` });

export const ErrorDetailSchema = z.object({ code: z.string(), message: z.string(), target: z.string() });
export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Stable error code; switch on this." }),
      message: z.string(),
      target: z.string().optional(),
      details: z.array(ErrorDetailSchema).optional(),
    }),
  })
  .meta({ id: "ErrorEnvelope" });

export const ListLinks = z
  .object({
    next: z.string().url().optional().meta({ description: "Absolute URL of the next page; omitted on the last page." }),
    total: z.number().int().meta({ description: "Total number of matching items." }),
  })
  .meta({ id: "ListLinks" });

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), links: ListLinks });

export const IdName = z.object({ id: z.string(), name: z.string() });

import { z } from "zod";
import { SUPPORTED_LOCALES, resolveReadLocale } from "@/server/core/locale";

/** Shared schema pieces. Public resource schemas live next to their operations. */

export const HexId = z
  .string()
  .regex(/^[0-9a-fA-F]{24}$/, "must be a 24-character hexadecimal id")
  .transform((s) => s.toLowerCase())
  // The pattern fixes the length; stated as bounds too so generated clients and linters see them.
  .meta({ description: "24-character hexadecimal id", example: "65f1c0ffee0123456789abcd", minLength: 24, maxLength: 24 });

/** A read locale: any BCP-47-looking tag; unsupported ones fall back to English. */
export const ReadLocale = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a BCP-47 language tag")
  .meta({
    description: `BCP-47 locale. Supported: ${SUPPORTED_LOCALES.join(", ")}. Others fall back to en-US; no and no-NO alias to nb-NO.`,
    example: "de-DE",
  });

/**
 * A read locale parameter as handlers receive it: resolved the way reads resolve locales (exact,
 * case-insensitive, alias, else en-US; absent is en-US). The document shows the plain string.
 */
export const ReadLocaleParam = ReadLocale.optional().transform(resolveReadLocale);

/** Like ReadLocaleParam, but absent stays undefined (the caller then returns every locale). */
export const OptionalReadLocaleParam = ReadLocale.transform(resolveReadLocale).optional();

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

/** Escapes a literal for use inside a regular expression. */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The document's pattern for a comma-separated list of `item`s (one or more, spaces around items
 * allowed). It describes what the list parsers accept, so generated clients and validators build
 * values the server takes; rules a pattern cannot say (no repeats, min below max) are in the
 * descriptions.
 */
export const listPattern = (item: string) => `^\\s*(?:${item})\\s*(?:,\\s*(?:${item})\\s*)*$`;

/** Comma-separated list of hex ids. */
export const HexIdList = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    const parts = s
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    for (const p of parts) {
      if (!/^[0-9a-fA-F]{24}$/.test(p)) {
        ctx.addIssue({ code: "custom", message: `"${p}" is not a 24-character hexadecimal id` });
        return z.NEVER;
      }
    }
    return parts.map((p) => p.toLowerCase());
  })
  .meta({ description: "Comma-separated 24-character hexadecimal ids.", pattern: listPattern("[0-9a-fA-F]{24}"), example: "65f1c0ffee0123456789abcd" });

export const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(1000)
    .transform((s, ctx) => {
      const parts = s
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      for (const p of parts) {
        if (!(values as readonly string[]).includes(p)) {
          ctx.addIssue({ code: "custom", message: `"${p}" is not one of ${values.join(", ")}` });
          return z.NEVER;
        }
      }
      return parts as T[number][];
    })
    .meta({ description: `Comma-separated values of: ${values.join(", ")}.`, pattern: listPattern(values.map(escapeRegex).join("|")), example: values[0] });

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

/**
 * "Send at least one of these fields": the server's rule (refine, a ConstraintError on the root)
 * and the document's (`anyOf` of one-field `required` sets) from one list, so a body that is
 * valid according to /openapi.json is never refused for its shape.
 */
export function requireSome<T extends z.ZodObject>(schema: T, keys: readonly (keyof z.output<T> & string)[], message: string) {
  return schema
    .refine((value) => keys.some((k) => (value as Record<string, unknown>)[k] !== undefined), { message })
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.anyOf = keys.map((k) => ({ required: [k] }));
      },
    });
}

/**
 * "Not both lists non-empty": the server's rule (a ConstraintError on `b`) and the document's
 * (`not` of both present with at least one item each) from one pair of names.
 */
export function exclusiveLists<T extends z.ZodObject>(schema: T, a: keyof z.output<T> & string, b: keyof z.output<T> & string, message: string) {
  return schema
    .superRefine((value, ctx) => {
      const v = value as Record<string, unknown[] | undefined>;
      if (v[a]?.length && v[b]?.length) ctx.addIssue({ code: "custom", path: [b], message });
    })
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.not = { required: [a, b], properties: { [a]: { minItems: 1 }, [b]: { minItems: 1 } } };
      },
    });
}

/**
 * "No item twice": the server's rule (a ConstraintError on the array) and the document's
 * (`uniqueItems`) from one place. Items compare as parsed, so ids differing only in case are the
 * same id (the description should say so where that applies).
 */
export function distinctItems<T extends z.ZodArray>(schema: T, message: string) {
  return schema
    .refine((items) => new Set(items as unknown[]).size === (items as unknown[]).length, { message })
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.uniqueItems = true;
      },
    });
}

/** An array whose items must not repeat a key (e.g. an index); stated as a rule of the server only. */
export function distinctBy<T extends z.ZodArray>(schema: T, key: (item: z.output<T["element"]>) => unknown, message: string) {
  return schema.refine((items) => new Set((items as z.output<T["element"]>[]).map(key)).size === (items as unknown[]).length, { message });
}

/**
 * "Exactly one of these fields": the server's rule (a ConstraintError naming the missing field, or
 * the second one sent) and the document's (`oneOf` of one-field `required` sets) from one list.
 */
export function requireOne<T extends z.ZodObject>(schema: T, keys: readonly (keyof z.output<T> & string)[], message: string) {
  return schema
    .superRefine((value, ctx) => {
      const sent = keys.filter((k) => present((value as Record<string, unknown>)[k]));
      if (sent.length !== 1) ctx.addIssue({ code: "custom", path: [sent[1] ?? keys[0]!], message });
    })
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.oneOf = keys.map((k) => ({ required: [k] }));
      },
    });
}

const present = (v: unknown) => v !== undefined && v !== null && v !== "";

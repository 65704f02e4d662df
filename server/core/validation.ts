import type { z } from "zod";
import { type ErrorDetail, validationError } from "./errors";

/** Turns zod issues into the contract's `details[]`: unknown keys are ConstraintError. */
export function issuesToDetails(issues: z.core.$ZodIssue[], prefix?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ code: "ConstraintError", message: `Unknown key "${key}" is not allowed.`, target: base ? `${base}.${key}` : key });
      }
      continue;
    }
    const code =
      issue.code === "invalid_type"
        ? "TypeError"
        : issue.code === "too_big" || issue.code === "too_small"
          ? "RangeError"
          : issue.code === "invalid_format"
            ? "FormatError"
            : issue.code === "invalid_value"
              ? "EnumError"
              : "ConstraintError";
    details.push({ code, message: issue.message, target: base || "(root)" });
  }
  return details;
}

/** The input parsed by `schema`, or a 400 ValidationError whose details name each failing field (`target`: the input's type). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, target: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(target, issuesToDetails(result.error.issues));
  return result.data;
}

import { type OperationDef, idempotencyMode } from "./operation";

/**
 * The table of docs/integrations.md ("Which writes are exactly once"): every keyed write with the
 * guarantee its Idempotency-Key gives, from the operations' own declarations
 * (`idempotency: "transaction"`). server/api/idempotency-guarantees.test.ts fails when the document
 * and the declarations differ, and prints the table to paste.
 */
export function idempotencyGuaranteeTable(ops: readonly OperationDef[]): string {
  const rows = ops
    .filter((op) => op.auth.length > 0 && idempotencyMode(op) !== null)
    .map((op) => ({ op, mode: idempotencyMode(op)! }))
    .sort((a, b) => (a.mode === b.mode ? a.op.operationId.localeCompare(b.op.operationId) : a.mode === "transaction" ? -1 : 1))
    .map(({ op, mode }) => `| \`${op.operationId}\` | \`${op.method.toUpperCase()} ${op.path}\` | ${mode === "transaction" ? "exactly once" : "at least once, with replay"} |`);
  return ["| Operation | Request | Idempotency-Key guarantee |", "|---|---|---|", ...rows].join("\n");
}

export const TABLE_START = "<!-- idempotency-guarantees:start (generated from the operations: server/api/idempotency-guarantees.ts) -->";
export const TABLE_END = "<!-- idempotency-guarantees:end -->";

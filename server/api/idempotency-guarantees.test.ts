import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TABLE_END, TABLE_START, idempotencyGuaranteeTable } from "./idempotency-guarantees";
import { idempotencyMode } from "./operation";
import { ALL_OPERATIONS } from "./operations";

const root = path.resolve(import.meta.dirname, "../..");

/** The App Router file of an operation's path: `/v1/orgs/{organizationId}/x` -> `app/v1/orgs/[organizationId]/x/route.ts`. */
const routeFileOf = (p: string) => path.join(root, "app", ...p.split("/").filter(Boolean).map((s) => s.replace(/^\{(.+)\}$/, "[$1]")), "route.ts");

describe("Idempotency-Key guarantees", () => {
  it("docs/integrations.md lists every keyed write with the guarantee its declaration gives", () => {
    const doc = readFileSync(path.join(root, "docs/integrations.md"), "utf8");
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start, `docs/integrations.md must hold the table between ${TABLE_START} and ${TABLE_END}`).toBeGreaterThan(-1);
    const documented = doc.slice(start + TABLE_START.length, end).trim();
    const expected = idempotencyGuaranteeTable(ALL_OPERATIONS);
    expect(documented, `paste this table into docs/integrations.md:\n\n${expected}\n`).toBe(expected);
  });

  it("exactly-once operations write through the handler's ctx.db, never the pool", () => {
    const transactional = ALL_OPERATIONS.filter((op) => idempotencyMode(op) === "transaction");
    expect(transactional.length).toBeGreaterThan(10);
    for (const op of transactional) {
      const source = readFileSync(routeFileOf(op.path), "utf8");
      expect(source, `${op.operationId}: ${path.relative(root, routeFileOf(op.path))} calls getDb()`).not.toMatch(/\bgetDb\(/);
    }
  });
});

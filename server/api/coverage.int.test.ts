import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverRoutes } from "@/server/http/app-router";
import { ALL_OPERATIONS } from "./operations";
import type { OperationDef } from "./operation";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The contract and the code cannot drift: every route has a declaration and every declaration a route. */
describe("route coverage", () => {
  it("maps every app/v1 route handler to a declaration and back", async () => {
    const routes = discoverRoutes(path.resolve(import.meta.dirname, "../../app/v1")).filter((r) => !r.segments.some((s) => s.kind === "catchAll"));
    const served = new Map<string, OperationDef>();
    const problems: string[] = [];
    for (const r of routes) {
      const template = `/v1/${r.segments.map((s) => (s.kind === "static" ? s.value : `{${s.name}}`)).join("/")}`;
      const mod = (await import(/* @vite-ignore */ r.file)) as Record<string, ({ operation?: OperationDef; methodNotAllowed?: boolean } & ((...args: never[]) => unknown)) | undefined>;
      for (const m of METHODS) {
        const h = mod[m];
        if (!h) {
          problems.push(`${template}: ${m} is not exported (use methods() so it answers 405 in the envelope)`);
          continue;
        }
        if (h.methodNotAllowed || h.name === "notFoundRoute") continue;
        if (!h.operation) {
          problems.push(`${template}: ${m} has no operation declaration`);
          continue;
        }
        if (h.operation.path !== template || h.operation.method !== m.toLowerCase()) {
          problems.push(`${template} ${m}: declared as ${h.operation.method.toUpperCase()} ${h.operation.path}`);
        }
        served.set(`${m} ${template}`, h.operation);
      }
    }
    for (const op of ALL_OPERATIONS) {
      if (!served.has(`${op.method.toUpperCase()} ${op.path}`)) problems.push(`${op.operationId} (${op.method.toUpperCase()} ${op.path}) has no route handler`);
    }
    expect(problems).toEqual([]);
    const ids = ALL_OPERATIONS.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

import { describe, expect, it } from "vitest";
import { createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";
import { type DocRequest, docRequest, knownValues, operationsOf, send } from "@/test/support/contract-requests";

useTestApp();

/**
 * Rules across query parameters, which OpenAPI parameters cannot state (each parameter stands
 * alone; the descriptions say the rule): the chat's one member identifier. Bodies state theirs
 * (`oneOf`), so a body request refused for one of these is still a failure.
 */
const QUERY_RULES = new Set(["Send exactly one of userEmail or userExternalUUID."]);

function onlyQueryRules(req: DocRequest, details: { message: string }[] | undefined): boolean {
  return req.body === undefined && !!details?.length && details.every((d) => QUERY_RULES.has(d.message));
}

/**
 * The document describes what the server accepts: for every operation in /openapi.json, a
 * request built from the document alone (required parts only, then every property) is never
 * refused for its shape (400 ValidationError is the kernel's shape check; services answer
 * semantic problems such as unknown ids with BadRequest, NotFound or Forbidden).
 */
describe("requests that /openapi.json calls valid", () => {
  it("are never a ValidationError, minimal or full", async () => {
    const doc = (await call("/openapi.json")).body;
    const org = await createLibraryOrg();
    const known = await knownValues(org);
    const refused: string[] = [];
    let served = 0;
    for (const operation of operationsOf(doc)) {
      for (const mode of ["minimal", "full"] as const) {
        const req = docRequest(doc, operation, known, mode);
        const res = await send(req, org.key);
        if (res.status < 300) served++;
        expect(res.status, `${operation.method} ${operation.path} ${res.text}`).toBeLessThan(500);
        if (res.body?.error?.code === "ValidationError" && !onlyQueryRules(req, res.body.error.details)) {
          refused.push(
            `${mode} ${operation.method.toUpperCase()} ${operation.path}: ${JSON.stringify(req.body ?? req.query)} -> ${JSON.stringify(res.body.error.details ?? res.body.error.message)}`,
          );
        }
      }
    }
    expect(refused).toEqual([]);
    // Most requests reach the service and succeed: the known ids make them realistic.
    expect(served).toBeGreaterThan(operationsOf(doc).length * 0.9);
  }, 180_000);
});

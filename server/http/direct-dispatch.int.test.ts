import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { createLibraryOrg } from "@/test/fixtures";
import { app, useTestApp } from "@/test/harness";

useTestApp();

/** Sends `chunks` with chunked transfer encoding (no content-length), as a streaming client does. */
function sendChunked(
  path: string,
  key: string,
  chunks: string[],
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.baseUrl}${path}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }));
    });
    req.on("error", reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe("direct dispatcher over HTTP", () => {
  it("reads a chunked body and answers with the kernel's headers and an exact content-length", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[0]!.id;
    const path = `/v1/orgs/${org.organizationId}/endusers/${member}/workouts/assign`;
    const json = JSON.stringify({ workoutIds: org.library.workoutIds.slice(0, 2) });
    const res = await sendChunked(path, org.key, [json.slice(0, 10), json.slice(10)], { "x-request-id": "direct-test-0001" });
    expect(res.status).toBe(200);
    expect(res.headers["x-request-id"]).toBe("direct-test-0001");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
    expect(res.headers["x-ratelimit-remaining"]).toBeDefined();
  });

  it("answers 413 in the envelope for a chunked body over the limit, and keeps serving", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[0]!.id;
    const path = `/v1/orgs/${org.organizationId}/endusers/${member}/workouts/assign`;
    const big = JSON.stringify({ workoutIds: ["x".repeat(2_000_000)] });
    const chunks = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.slice(i * 65_536, (i + 1) * 65_536));
    const res = await sendChunked(path, org.key, chunks);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PayloadTooLarge");
    const after = await sendChunked(path, org.key, [JSON.stringify({ workoutIds: [] })]);
    expect(after.status).not.toBe(413);
  });

  it("answers HEAD with the GET's headers and no body", async () => {
    const org = await createLibraryOrg();
    const res = await fetch(`${app.baseUrl}/v1/workouts/${org.library.workoutIds[0]}`, { method: "HEAD", headers: { "x-api-key": org.key } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(100);
    expect(await res.text()).toBe("");
  });
});

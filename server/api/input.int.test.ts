import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { createLibraryOrg } from "@/test/fixtures";
import { app, call, expectError, useTestApp } from "@/test/harness";

useTestApp();

async function libraryIds(org: { organizationId: string; key: string }, member: string): Promise<string[]> {
  const res = await call(`/v1/orgs/${org.organizationId}/endusers/${member}/workouts?limit=50`, { key: org.key });
  expect(res.status).toBe(200);
  return res.body.data.map((w: { id: string }) => w.id).sort();
}

/** Sends raw bytes (fetch would re-encode them), returning status and parsed JSON. */
function rawPost(path: string, key: string, body: Buffer): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${app.baseUrl}${path}`,
      { method: "POST", headers: { "x-api-key": key, "content-type": "application/json", "content-length": body.length } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("bad bytes are 400 ValidationError in the envelope, never a 500", () => {
  it("refuses NUL and invalid UTF-8 in path parameters (the issue's two 500s included)", async () => {
    const org = await createLibraryOrg();
    const base = `/v1/orgs/${org.organizationId}/endusers`;
    const nul = expectError(await call(`${base}/a%00b/plans/active/progress`, { key: org.key }), 400, "ValidationError");
    expect(nul.target).toBe("GetActivePlanProgressParams");
    expect(nul.details).toEqual([expect.objectContaining({ code: "FormatError", target: "endUserId" })]);
    for (const seg of ["%ED%A0%80", "%E0%A4%A", "%FF"]) {
      const err = expectError(await call(`${base}/${seg}/plans/active/progress`, { key: org.key }), 400, "ValidationError");
      expect(err.details?.[0]?.target).toBe("endUserId");
    }
    // Decoded once: "..%2500%2F" names the member "..%00/", which does not exist.
    expectError(await call(`${base}/..%2500%2F/workouts/unassign`, { key: org.key, body: { workoutIds: [] } }), 404, "NotFound");
    expectError(await call(`${base}/..%00%2F/workouts/unassign`, { key: org.key, body: { workoutIds: [] } }), 400, "ValidationError");
    expectError(await call(`/v1/workouts/%00/playlist`, { key: org.key }), 400, "ValidationError");
    // An email with an escaped @ still resolves.
    const member = org.library.endUsers[0]!;
    expect((await call(`${base}/${encodeURIComponent(member.email)}/workouts`, { key: org.key })).status).toBe(200);
  });

  it("refuses NUL and invalid UTF-8 in query values and keys", async () => {
    const org = await createLibraryOrg();
    const list = `/v1/orgs/${org.organizationId}/workouts`;
    for (const q of ["q=%00", "q=a%00", "q=%ED%A0%80", "q=%C3", "q=%zz", "%00=1"]) {
      const err = expectError(await call(`${list}?${q}`, { key: org.key }), 400, "ValidationError");
      expect(err.target).toBe("ListOrganizationWorkoutsQuery");
      expect(err.details?.[0]?.code).toBe("FormatError");
    }
    expect((await call(`${list}?q=${encodeURIComponent("💪 ‏ stretch")}`, { key: org.key })).status).toBe(200);
  });

  it("refuses NUL and lone surrogates in JSON strings and keys, and bodies that are not UTF-8, writing nothing", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[1]!.id;
    const path = `/v1/orgs/${org.organizationId}/endusers/${member}/workouts/assign`;
    const before = await libraryIds(org, member);
    const id = org.library.workoutIds[0]!;
    const bodies = [
      `{"workoutIds":["${id}"],"sendAssignmentEmail":false,"x\\u0000":1}`,
      `{"workoutIds":["${id}\\u0000"]}`,
      `{"workoutIds":["${id}"],"note":"\\ud800"}`,
    ];
    for (const body of bodies) {
      const res = await call(path, { key: org.key, rawBody: body, headers: { "content-type": "application/json" } });
      const err = expectError(res, 400, "ValidationError");
      expect(err.target).toBe("AssignWorkoutsBody");
      expect(err.details?.[0]?.code).toBe("FormatError");
    }
    const bytes = Buffer.concat([Buffer.from(`{"workoutIds":["${id}"],"a":"`), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const notUtf8 = await rawPost(path, org.key, bytes);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.error).toMatchObject({ code: "ValidationError", details: [{ code: "FormatError", target: "(root)" }] });
    expect(await libraryIds(org, member)).toEqual(before);
  });
});

describe("CORS", () => {
  it("sends Access-Control-Allow-Origin and the exposed headers on every API response", async () => {
    const org = await createLibraryOrg();
    for (const res of [
      await call("/v1/workouts/metadata", { key: org.key, headers: { origin: "https://partner.example" } }),
      await call("/v1/workouts/metadata", { key: null }),
      await call("/v1/nothing/here", { key: org.key }),
      await call("/v1/workouts/metadata", { key: org.key, method: "DELETE" }),
    ]) {
      expect(res.headers.get("access-control-allow-origin"), res.text).toBe("*");
      expect(res.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("answers preflights with the path's methods and the request headers clients send", async () => {
    const org = await createLibraryOrg();
    const res = await fetch(`${app.baseUrl}/v1/workouts/${org.library.workoutIds[0]}/sessions/start`, {
      method: "OPTIONS",
      headers: { origin: "https://partner.example", "access-control-request-method": "POST", "access-control-request-headers": "x-api-key, content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toContain("X-Api-Key");
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });
});

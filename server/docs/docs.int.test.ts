import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/server/env";
import { call, createTestOrg, useTestApp } from "@/test/harness";
import { LOCAL_REQUEST_HEADER, isLocalRequest } from "./demo-credentials";

const app = useTestApp();

const demoFile = () => path.join(process.env.DATA_DIR!, "demo-workspace.json");
let demo: { organizationId: string; apiKey: string };

beforeAll(async () => {
  const org = await createTestOrg({ name: "Forma Demo" });
  demo = { organizationId: org.organizationId, apiKey: org.key };
  mkdirSync(process.env.DATA_DIR!, { recursive: true });
  writeFileSync(demoFile(), JSON.stringify(demo));
});
afterAll(() => rmSync(demoFile(), { force: true }));

const local: Record<string, string> = { [LOCAL_REQUEST_HEADER]: "1" };

describe("the custom server's local-request verdict", () => {
  it("is local only for a loopback peer that no proxy relayed", () => {
    expect(isLocalRequest("127.0.0.1", {})).toBe(true);
    expect(isLocalRequest("::1", {})).toBe(true);
    expect(isLocalRequest("::ffff:127.0.0.1", {})).toBe(true);
    expect(isLocalRequest("203.0.113.9", {})).toBe(false);
    expect(isLocalRequest("10.0.0.2", {})).toBe(false);
    expect(isLocalRequest(undefined, {})).toBe(false);
    expect(isLocalRequest("127.0.0.1", { "x-forwarded-for": "198.51.100.7" })).toBe(false);
    expect(isLocalRequest("127.0.0.1", { forwarded: "for=198.51.100.7" })).toBe(false);
    expect(isLocalRequest("127.0.0.1", { "x-real-ip": "198.51.100.7" })).toBe(false);
  });
});

describe("GET /docs", () => {
  it("serves the interactive reference from this origin: Scalar's bundle, the contract, nothing from elsewhere", async () => {
    const res = await call("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain('<script src="/docs/scalar.js?v=');
    expect(res.text).toContain('"url":"/openapi.json"');
    expect(res.text).toContain('"withDefaultFonts":false');
    expect(res.text).toContain('"telemetry":false');
    expect(res.text).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);

    const bundle = await fetch(`${app.baseUrl}/docs/scalar.js?v=1`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect(bundle.headers.get("cache-control")).toContain("immutable");
    const js = Buffer.from(await bundle.arrayBuffer()).toString("utf8");
    expect(js).toContain("createApiReference");
    const etag = bundle.headers.get("etag")!;
    expect((await call("/docs/scalar.js?v=1", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("pre-fills the demo key only for a request from this machine, without a proxy, on a local public URL", async () => {
    const fromHere = await call("/docs", { headers: local });
    expect(fromHere.text).toContain(`"X-Api-Key":{"value":"${demo.apiKey}"}`);
    expect(fromHere.text).toContain(`data-demo-organization-id="${demo.organizationId}"`);
    expect(fromHere.headers.get("cache-control")).toBe("no-store");

    for (const headers of [{}, { [LOCAL_REQUEST_HEADER]: "0" }, { [LOCAL_REQUEST_HEADER]: "true" }] as Record<string, string>[]) {
      const res = await call("/docs", { headers });
      expect(res.text, JSON.stringify(headers)).not.toContain(demo.apiKey);
      expect(res.text).toContain('"preferredSecurityScheme":"X-Api-Key"');
    }

    const saved = process.env.PUBLIC_BASE_URL;
    process.env.PUBLIC_BASE_URL = "https://api.forma.example.com";
    resetEnvCache();
    try {
      expect((await call("/docs", { headers: local })).text).not.toContain(demo.apiKey);
    } finally {
      process.env.PUBLIC_BASE_URL = saved;
      resetEnvCache();
    }
  });

  it("does not pre-fill a key that no longer works", async () => {
    writeFileSync(demoFile(), JSON.stringify({ ...demo, apiKey: `fma_${"B".repeat(32)}` }));
    try {
      expect((await call("/docs", { headers: local })).text).not.toContain("fma_BBBB");
    } finally {
      writeFileSync(demoFile(), JSON.stringify(demo));
    }
  });
});

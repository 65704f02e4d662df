import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecurityHeaders, arrivedOverTls, inlineScriptHashes, newNonce, responseKind } from "./security-headers";

describe("security headers", () => {
  it("believes X-Forwarded-Proto only behind a trusted proxy, and only its first value", () => {
    expect(arrivedOverTls({ "x-forwarded-proto": "https" }, false, false)).toBe(false);
    expect(arrivedOverTls({ "x-forwarded-proto": "https" }, false, true)).toBe(true);
    expect(arrivedOverTls({ "x-forwarded-proto": "HTTPS, http" }, false, true)).toBe(true);
    expect(arrivedOverTls({ "x-forwarded-proto": "http, https" }, false, true)).toBe(false);
    expect(arrivedOverTls({}, true, false)).toBe(true);
  });

  it("sorts paths into API answers, build assets and pages", () => {
    for (const p of ["/v1", "/v1/workouts/x", "/media/a.mp4", "/health", "/openapi.json", "/llms.txt", "/api/auth/csrf", "/docs/scalar.js"]) expect(responseKind(p), p).toBe("api");
    expect(responseKind("/_next/static/chunks/a.js")).toBe("asset");
    for (const p of ["/", "/workouts", "/cast", "/console/sign-in", "/docs", "/docs/embed", "/embed/workout/abc", "/v1x"]) expect(responseKind(p), p).toBe("page");
  });

  it("hashes executable inline scripts only", () => {
    const html = `<script src="/a.js"></script><script>self.a=1</script><script type="application/json">{"k":1}</script><script nonce="n">b()</script><script></script>`;
    const h = (t: string) => `'sha256-${createHash("sha256").update(t).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([h("self.a=1"), h("b()")]);
  });

  it("gives pages a nonce and their prerendered hashes, frames only the players, and sends HSTS only over TLS", () => {
    const s = new SecurityHeaders({ extraOrigins: ["https://forma.example"], embedFrameAncestors: "https://partner.example" }, new Map([
      ["/embed/workout", ["'sha256-AAA='"]],
      ["/_not-found", ["'sha256-NF='"]],
    ]));
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const player = s.forPage("/embed/workout/0123456789abcdef01234567", nonce, false);
    expect(player["content-security-policy"]).toContain(`script-src 'self' 'nonce-${nonce}' 'sha256-AAA='; `);
    expect(player["content-security-policy"]).toContain("frame-ancestors https://partner.example");
    expect(player["content-security-policy"]).toContain("media-src 'self' blob: https://forma.example;");
    expect(player["x-frame-options"]).toBeUndefined();
    expect(player["referrer-policy"]).toBe("no-referrer");
    expect(player["strict-transport-security"]).toBeUndefined();
    const grid = s.forPage("/workouts", nonce, true);
    expect(grid["content-security-policy"]).toContain(`script-src 'self' 'nonce-${nonce}' 'sha256-NF='; `);
    expect(grid["content-security-policy"]).toMatch(/frame-ancestors 'none'$/);
    expect(grid["content-security-policy"]).not.toMatch(/unsafe-inline'[^;]*;[^;]*script|script-src[^;]*unsafe/);
    expect(grid["x-frame-options"]).toBe("DENY");
    expect(grid["strict-transport-security"]).toBe("max-age=31536000");
    expect(s.forApi(false)["strict-transport-security"]).toBeUndefined();
    expect(s.forApi(true)["strict-transport-security"]).toBe("max-age=31536000");
    expect(s.forApi(false)["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(new SecurityHeaders({ development: true }).pagePolicy("/", nonce)).toContain(`'nonce-${nonce}' 'unsafe-eval'`);
  });
});

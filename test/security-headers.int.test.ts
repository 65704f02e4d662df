import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "@/server/http/security-headers";
import { type ServerProcess, startServer, tempDir } from "./faults/support";

/**
 * The security headers over HTTP on the real server (`npm start`: the compiled server, Next's
 * production build): every page kind and every API answer kind, the API both on the fast path and
 * through Next (FORMA_API_VIA_NEXT=1), HSTS only when a trusted proxy says the request came over TLS.
 * Browsers honouring them while the pages are used: e2e/csp.ts; Mozilla's grading: scripts/observatory.ts.
 */
/** A server of this test: the fault tests' `npm start` process (test/faults/support.ts), its folder and demo workspace. */
interface Server extends ServerProcess {
  dataDir: string;
  demo: { organizationId: string; apiKey: string };
}

async function start(extra: Record<string, string>): Promise<Server> {
  const dataDir = tempDir("headers");
  const server = await startServer({ dataDir, env: extra });
  const demo = JSON.parse(readFileSync(path.join(dataDir, "demo-workspace.json"), "utf8")) as Server["demo"];
  return Object.assign(server, { dataDir, demo });
}

async function stop(s: Server | undefined): Promise<void> {
  if (!s) return;
  await s.stop();
  rmSync(s.dataDir, { recursive: true, force: true });
}

let fast: Server;
let viaNext: Server;
let workoutId = "";
let mediaPath = "";

beforeAll(async () => {
  // One after the other: the first start builds what is stale, the second reuses it.
  fast = await start({ TRUST_PROXY: "1" });
  viaNext = await start({ FORMA_API_VIA_NEXT: "1" });
  const grid = await (await fetch(`${fast.base}/workouts?orgId=${fast.demo.organizationId}`)).text();
  workoutId = /data-workout-id="([0-9a-f]{24})"/.exec(grid)![1]!;
  const playlist = await (await fetch(`${fast.base}/v1/workouts/${workoutId}/playlist`, { headers: { "x-api-key": fast.demo.apiKey } })).text();
  mediaPath = new URL(/https?:\/\/[^"]+\/media\/[^"]+/.exec(playlist)![0]).pathname;
  mediaPath += new URL(/https?:\/\/[^"]+\/media\/[^"]+/.exec(playlist)![0]).search;
});

afterAll(async () => {
  await Promise.all([stop(fast), stop(viaNext)]);
});

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

const pages = () => {
  const org = fast.demo.organizationId;
  return [
    { kind: "landing (prerendered)", path: "/", embed: false },
    { kind: "workout grid", path: `/workouts?orgId=${org}`, embed: false },
    { kind: "plan grid", path: `/plans?orgId=${org}`, embed: false },
    { kind: "player page", path: `/workouts/${workoutId}?orgId=${org}`, embed: false },
    { kind: "member sign-in", path: `/sign-in?orgId=${org}`, embed: false },
    { kind: "cast display", path: `/cast?orgId=${org}`, embed: false },
    { kind: "cast controller", path: `/cast?sessionId=${"a".repeat(24)}&code=123456`, embed: false },
    { kind: "console sign-in", path: "/console/sign-in", embed: false },
    { kind: "API reference", path: "/docs", embed: false },
    { kind: "embed guide", path: "/docs/embed", embed: false },
    { kind: "not found", path: "/no-such-page", embed: false },
    { kind: "embed player (prerendered shell)", path: `/embed/workout/${workoutId}?organizationId=${org}&apiKey=${fast.demo.apiKey}`, embed: true },
    { kind: "JSON receiver (prerendered shell)", path: `/embed/workout-json-receiver?organizationId=${org}`, embed: true },
  ];
};

describe("pages", () => {
  it("every page kind sends a script policy without unsafe-inline or eval that allows exactly its own scripts, and the framing, referrer and permissions rules", async () => {
    for (const p of pages()) {
      const res = await fetch(`${fast.base}${p.path}`);
      const html = await res.text();
      const label = `${p.kind} ${p.path}`;
      expect(res.headers.get("content-type"), label).toMatch(/^text\/html/);
      const csp = directives(res.headers.get("content-security-policy"));
      const scripts = csp.get("script-src")!;
      expect(scripts, label).toBeDefined();
      expect(scripts, label).not.toContain("'unsafe-inline'");
      expect(scripts, label).not.toContain("'unsafe-eval'");
      expect(
        scripts.filter((s) => s === "*" || s.endsWith(":")),
        label,
      ).toEqual([]);
      expect(csp.get("object-src"), label).toEqual(["'none'"]);
      expect(csp.get("base-uri"), label).toEqual(["'none'"]);
      // Each inline script of the answer runs: it carries the header's nonce, or its hash is listed.
      const nonce = scripts.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => m[2] && !/type="application\/json"/.test(m[1]!));
      expect(inline.length, label).toBeGreaterThan(0);
      const hashes = new Set(inlineScriptHashes(html));
      for (const m of inline) {
        const allowed = m[1]!.includes(`nonce="${nonce}"`) || [...hashes].some((h) => scripts.includes(h));
        expect(allowed, `${label}: inline script ${m[2]!.slice(0, 60)}`).toBe(true);
      }
      expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
      expect(res.headers.get("permissions-policy"), label).toMatch(/camera=\(\).*microphone=\(\)/);
      expect(res.headers.get("permissions-policy"), label).toContain("fullscreen=(self)");
      expect(res.headers.get("strict-transport-security"), label).toBeNull();
      if (p.embed) {
        // Partners frame the players (RUN-CONTRACT.md); their URL carries the key: never a Referer.
        expect(csp.get("frame-ancestors"), label).toEqual(["*"]);
        expect(res.headers.get("x-frame-options"), label).toBeNull();
        expect(res.headers.get("referrer-policy"), label).toBe("no-referrer");
        expect(res.headers.get("permissions-policy"), label).toContain("autoplay=(self)");
      } else {
        expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
        expect(res.headers.get("x-frame-options"), label).toBe("DENY");
        expect(res.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
      }
    }
  });

  it("renders a fresh nonce per request, and never one a client sent", async () => {
    const path = `/workouts?orgId=${fast.demo.organizationId}`;
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1];
    const [a, b] = await Promise.all([fetch(`${fast.base}${path}`), fetch(`${fast.base}${path}`)]);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const forged = await fetch(`${fast.base}${path}`, { headers: { "content-security-policy": "script-src 'nonce-Zm9yZ2VkZm9yZ2VkZm9yZ2Vk'" } });
    const html = await forged.text();
    expect(html).not.toContain("Zm9yZ2VkZm9yZ2VkZm9yZ2Vk");
    expect(html).toContain(`nonce="${nonceOf(forged)}"`);
  });

  it("sends HSTS only when a trusted proxy says the request came over TLS", async () => {
    const page = await fetch(`${fast.base}/console/sign-in`, { headers: { "x-forwarded-proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const api = await fetch(`${fast.base}/v1/workouts/metadata`, { headers: { "x-forwarded-proto": "https", "x-api-key": fast.demo.apiKey } });
    expect(api.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await fetch(`${fast.base}/health`, { headers: { "x-forwarded-proto": "http" } })).headers.get("strict-transport-security")).toBeNull();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    for (const p of ["/console/sign-in", "/health", "/v1/workouts/metadata"]) {
      const res = await fetch(`${viaNext.base}${p}`, { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security"), p).toBeNull();
    }
  });
});

describe("API answers", () => {
  const apiCases = (s: Server) => [
    { kind: "API 200", path: "/v1/workouts/metadata", key: s.demo.apiKey, status: 200 },
    { kind: "API 401", path: `/v1/orgs/${s.demo.organizationId}/workouts`, status: 401 },
    { kind: "API 404", path: "/v1/no-such-thing", status: 404 },
    { kind: "openapi.json", path: "/openapi.json", status: 200 },
    { kind: "llms.txt", path: "/llms.txt", status: 200 },
    { kind: "health", path: "/health", status: 200 },
    { kind: "media (unsigned)", path: "/media/seed/none.mp4", status: 403 },
    { kind: "Scalar bundle", path: "/docs/scalar.js", status: 200 },
  ];
  const expectLocked = (res: Response, label: string) => {
    expect(res.headers.get("content-security-policy"), label).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
    expect(res.headers.get("x-frame-options"), label).toBe("DENY");
    expect(res.headers.get("referrer-policy"), label).toBe("no-referrer");
  };

  it("on the fast path and through Next alike: nothing may load, frame or sniff them", async () => {
    for (const s of [fast, viaNext]) {
      for (const c of apiCases(s)) {
        const res = await fetch(`${s.base}${c.path}`, { headers: c.key ? { "x-api-key": c.key } : {} });
        const label = `${s === fast ? "fast path" : "via Next"} ${c.kind} ${c.path}`;
        expect(res.status, label).toBe(c.status);
        expectLocked(res, label);
        await res.arrayBuffer();
      }
    }
  });

  it("signed media and CORS preflights carry them too", async () => {
    const media = await fetch(`${fast.base}${mediaPath}`);
    expect(media.status).toBe(200);
    expectLocked(media, "media");
    await media.arrayBuffer();
    const preflight = await fetch(`${fast.base}/v1/workouts/metadata`, {
      method: "OPTIONS",
      headers: { origin: "https://partner.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expectLocked(preflight, "preflight");
  });
});

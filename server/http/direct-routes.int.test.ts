import { randomUUID } from "node:crypto";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_REQUEST_HEADER } from "@/server/docs/demo-credentials";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, useTestApp } from "@/test/harness";
import type { RouteFile } from "./app-router";
import { matchRoute } from "./app-router";
import { getsDirectRequest, servedRoutes } from "./direct-dispatch";

/**
 * Every route file the custom server's dispatcher serves runs on both paths with the same answer:
 * over HTTP through the dispatcher (a DirectRequest for the API's paths) and called the way Next's
 * route handler calls it (a NextRequest and a params promise). The table is the dispatcher's own
 * (servedRoutes), so a new route file is covered without touching this test.
 *
 * A request is built from its route's template: the organization's ids where the template names
 * them (organizationId, workoutId, planId, endUserId), a fresh id for any other (a resource that
 * does not exist), the organization's API key, and `{}` as the body of a write. Each request is
 * sent three times: direct, through Next, direct again. Where the two direct answers agree (after
 * replacing request ids, generated ids and times), Next's must be the same, whole: status, headers
 * but those of the transport and the moment, body. Where they differ by nature (a write that
 * creates, then conflicts; a counter; a random pairing code), Next's must equal the second direct
 * answer, which followed the same history, in status, headers and the body's shape.
 */
useTestApp();

const appDir = path.resolve(import.meta.dirname, "../../app");
const routes = servedRoutes(appDir);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = ((req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>) & {
  operation?: unknown;
  methodNotAllowed?: boolean;
  direct?: boolean;
};

/** Headers of the transport or of the moment, not of the answer. */
const VOLATILE_HEADERS = /^(x-request-id|x-ratelimit-.*|date|connection|keep-alive|content-length|transfer-encoding)$/;
/** Routes whose body describes the moment (probe times, counters): compared by shape, not value. */
const MOMENT_ROUTES = new Set(["/health", "/ready", "/metrics"]);

let org: TestLibraryOrg;
beforeAll(async () => {
  org = await createLibraryOrg();
}, 120_000);

function concretePath(route: RouteFile, org: TestLibraryOrg, fresh: string[]): string {
  let n = 0;
  const known: Record<string, string> = {
    organizationId: org.organizationId,
    workoutId: org.library.workoutIds[0]!,
    planId: org.library.planIds[0]!,
    endUserId: org.library.endUsers[0]!.id,
  };
  const parts = route.segments.map((s) => (s.kind === "static" ? s.value : s.kind === "dynamic" ? (known[s.name] ?? fresh[n++]!) : `probe/${fresh[n++]!}.json`));
  return `/${parts.join("/")}`;
}

const routeName = (r: RouteFile) => `/${r.segments.map((s) => (s.kind === "static" ? s.value : s.kind === "dynamic" ? `[${s.name}]` : `[...${s.name}]`)).join("/")}`;

/** Request ids, times and generated ids differ between two answers by nature; the rest must not. */
function normalized(text: string): string {
  return text
    .replace(/req_[0-9a-z]+/g, "<request-id>")
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, "<time>")
    .replace(/\b[0-9a-f]{24}\b/g, "<id>")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
    .replace(/<svg[\s\S]*?<\/svg>/g, "<svg>"); // a QR code of an id
}

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

async function answerOf(res: Response, moment: boolean): Promise<Answer> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!VOLATILE_HEADERS.test(k)) headers[k] = v;
  });
  const text = await res.text();
  let body: unknown = normalized(text);
  if ((headers["content-type"] ?? "").includes("json") && text) body = moment ? shape(JSON.parse(text)) : JSON.parse(normalized(text));
  else if (moment) body = text.length > 0;
  return { status: res.status, headers, body };
}

describe("every route the dispatcher serves answers the same on the direct path and through Next's route handler", () => {
  it("covers the API's routes, the console's and Inngest's", () => {
    const names = routes.map(routeName);
    expect(names).toEqual(expect.arrayContaining(["/health", "/metrics", "/ready", "/v1/[...path]", "/media/[...key]", "/v1/workouts/[workoutId]"]));
    expect(routes.length).toBeGreaterThan(90);
  });

  it("types the handlers that get a DirectRequest against ApiRequest: the kernel's apiRoute(), directRoute() or the 405 fallback", async () => {
    for (const route of routes.filter(getsDirectRequest)) {
      const mod = (await import(path.resolve(route.file))) as Record<string, Handler | undefined>;
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        const typed = Boolean(handler.operation) || handler.methodNotAllowed === true || handler.direct === true;
        expect(typed, `${method} ${routeName(route)} (${path.relative(appDir, route.file)}): wrap it in directRoute() or apiRoute()`).toBe(true);
      }
    }
  });

  for (const route of routes) {
    it(routeName(route), async () => {
      const mod = (await import(path.resolve(route.file))) as Record<string, Handler | undefined>;
      const served = METHODS.filter((m) => mod[m] || (m === "HEAD" && mod.GET));
      expect(served.length, "a route file with no handler").toBeGreaterThan(0);
      const fresh = route.segments.map(() => randomUUID().replaceAll("-", "").slice(0, 24));
      const pathname = concretePath(route, org, fresh);
      const match = matchRoute(routes, pathname);
      expect(match?.route, `${pathname} matches its own route`).toBe(route);
      const moment = MOMENT_ROUTES.has(routeName(route));
      for (const method of served) {
        const write = method !== "GET" && method !== "HEAD";
        const init = (extra: Record<string, string> = {}) => ({
          method,
          headers: { "x-api-key": org.key, accept: "application/json", ...(write ? { "content-type": "application/json" } : {}), ...extra },
          body: write ? "{}" : undefined,
        });
        const sendDirect = async () => answerOf(await fetch(`${app.baseUrl}${pathname}`, init()), moment);
        const handler = mod[method] ?? mod.GET!;
        const first = await sendDirect();
        // server.ts tells handlers behind Next whether the request came from this machine (it does).
        const nextRequest = new NextRequest(`${app.baseUrl}${pathname}`, init({ [LOCAL_REQUEST_HEADER]: "1" }));
        const nextAnswer = await answerOf(await handler(nextRequest, { params: Promise.resolve(match!.params) }), moment);
        const second = await sendDirect();
        if (method === "HEAD") nextAnswer.body = first.body; // Next drops a HEAD answer's body itself
        if (JSON.stringify(first) === JSON.stringify(second)) expect(nextAnswer, `${method} ${pathname}`).toEqual(first);
        else expect({ ...nextAnswer, body: shape(nextAnswer.body) }, `${method} ${pathname} (changes by nature)`).toEqual({ ...second, body: shape(second.body) });
      }
    });
  }
});

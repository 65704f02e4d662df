import { type Readiness, databaseReadiness, probeDatabase } from "@/db/readiness";
import { connectionBudget } from "@/server/connection-budget";
import { API_VERSION } from "@/server/env";
import { ffmpegChoice } from "@/server/media/ffmpeg";
import { bodyResponse } from "@/server/http/direct-body";
import { pagesState } from "@/server/http/pages-build";
import { DirectRequest, directRoute } from "@/server/http/direct-request";

export const dynamic = "force-dynamic";

const HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/** What the deep answer says of this instance: the ffmpeg that runs media jobs, the database connections it may open. */
function instanceDetails() {
  const { version, source } = ffmpegChoice();
  return { ffmpeg: { version, source }, connections: connectionBudget() };
}

/**
 * The answer for a readiness state; deep answers add the probe's latency or error and the
 * instance's details. While a first start still builds its pages (the API already answers),
 * `pages: "building"` says so; it is absent otherwise.
 */
function healthBody(state: Readiness, deep: boolean): string {
  const checkedAt = state.checkedAt.toISOString();
  const pages = pagesState() === "building" ? { pages: "building" } : {};
  const body = state.ok
    ? { status: "ok", version: API_VERSION, database: "ok", ...pages, checkedAt, ...(deep ? { databaseLatencyMs: state.latencyMs, ...instanceDetails() } : {}) }
    : {
        error: { code: "ServiceUnavailable", message: "The database is not answering; the service is not ready." },
        status: "degraded",
        version: API_VERSION,
        database: "unreachable",
        checkedAt,
        ...(deep ? { databaseError: state.error, ...instanceDetails() } : {}),
      };
  return JSON.stringify(body);
}

/**
 * The shallow answer changes only when a probe finishes (at most once a second), so its bytes are
 * built once per probe result: a load balancer polling /health costs a lookup, not a serialization.
 */
let shallow: { state: Readiness; pages: ReturnType<typeof pagesState>; bytes: Buffer } | null = null;
function shallowBytes(state: Readiness): Buffer {
  const pages = pagesState();
  if (shallow?.state !== state || shallow.pages !== pages) shallow = { state, pages, bytes: Buffer.from(healthBody(state, false), "utf8") };
  return shallow.bytes;
}

const isDeep = (url: URL) => {
  const deep = url.searchParams.get("deep");
  return deep === "1" || deep === "true";
};

// GET /health – readiness: the app answers and the database responded within the last second (?deep=1 probes it now)
export const GET = directRoute(async (req) => {
  const url = req instanceof DirectRequest ? req.parsedUrl : new URL(req.url);
  if (url.search !== "" && isDeep(url)) {
    const state = await probeDatabase();
    return bodyResponse(req, healthBody(state, true), { status: state.ok ? 200 : 503, headers: HEADERS });
  }
  const state = await databaseReadiness();
  return bodyResponse(req, shallowBytes(state), { status: state.ok ? 200 : 503, headers: HEADERS });
});

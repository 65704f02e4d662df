import { publicBaseUrl } from "@/server/env";
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from "@/server/services/webhooks/event-types";
import { SUPPORTED_LOCALES } from "@/server/core/locale";
import { ALL_OPERATIONS } from "./operations";
import { CAST_CHANNEL_NOTES } from "./operations/cast";

/** A plain-text summary of the API for LLM agents, generated from the declarations. */
export function buildLlmsTxt(): string {
  const base = publicBaseUrl();
  const byTag = new Map<string, string[]>();
  for (const op of ALL_OPERATIONS) {
    const line = `- ${op.method.toUpperCase()} ${op.path} (${op.operationId}, weight ${op.weight}x${op.deprecated ? ", deprecated" : ""}): ${op.summary}`;
    byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), line]);
  }
  return [
    "# Forma API",
    "",
    "> Fitness content and personalization API: list and play workspace workouts and plans, rank and generate content with AI, track sessions, and read member insights.",
    "",
    `Base URL: ${base}. Machine-readable contract: ${base}/openapi.json. Human reference: ${base}/docs.`,
    "",
    "## Rules",
    "- Send `X-Api-Key: <key>` on every /v1 request (no query-string key). Member routes also accept `Authorization: Bearer <token>`, which wins over attribution fields.",
    "- Errors: `{ error: { code, message, target?, details? } }`; switch on `code`. Unknown query or body keys give 400 ValidationError.",
    "- Lists: `limit` and `offset`; follow `links.next` (absolute URL, absent on the last page); `links.total` is exact. Do not send `page`.",
    `- Locales: ${SUPPORTED_LOCALES.join(", ")}; reads fall back to en-US; no/no-NO read as nb-NO.`,
    "- Rate limits: weighted units per key (1x or 10x per operation); read X-RateLimit-Limit/Remaining/Reset; on 429 wait Retry-After. GET /v1/orgs/{organizationId}/usage reports caps, current windows and usage per key and operation.",
    "- Retries of writes: send `Idempotency-Key: <uuid>` on POST/PUT/PATCH/DELETE and reuse it when retrying the same request. A repeat answers the first response with `Idempotent-Replayed: true` and runs nothing (kept 24 h per API key); another request under the same key is 422 IdempotencyKeyReused; while the first runs, 409 IdempotencyKeyInProgress with Retry-After.",
    "- Webhooks instead of polling: POST /v1/orgs/{organizationId}/webhooks with `url` and `eventTypes` (the answer holds the `whsec_` secret once). Deliveries are Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature; verify with the standardwebhooks library on the raw body), JSON `{ type, timestamp, organizationId, data }`, retried for 24 h until a 2xx within 10 s; drop duplicates by webhook-id.",
    "- Embed tokens instead of keys in iframes: on your server, POST /v1/orgs/{organizationId}/embed-tokens `{ workoutId | planId, endUserId?, ttlSeconds (60-86400), allowedOrigins: [\"https://app.example.com\"] }` -> 201 `{ data: { id, token, expiresAt, embedUrl } }`; frame `embedUrl` (`/embed/workout/{workoutId}?token=`) from one of allowedOrigins (they become the page's CSP frame-ancestors). The token plays only its workout (or its plan's workouts): their document, playlist, music and export URLs (export/video/hls_url, export/video/stream_url, export/captions/stream_url, export/audio/stream_url, so `playback=export` works with `token=`); it records sessions only for endUserId, and is refused (401, FORMA_ERROR token_expired / token_revoked) after expiry or DELETE /v1/orgs/{organizationId}/embed-tokens/{embedId}. Never mint in the browser: minting needs the team key.",
    "- Player events for the host page (postMessage, every message has `version: 1`): FORMA_READY, FORMA_SEGMENT_STARTED and FORMA_SEGMENT_COMPLETED `{ index, kind, exerciseId?, durationSeconds }`, FORMA_PROGRESS (at most 1/s), FORMA_PAUSED, FORMA_COMPLETED `{ how, sessionId, playedSeconds, summary: [{ index, durationSeconds, playedSeconds, completed }] }`, FORMA_ERROR `{ code, message }`. zod schemas: components/player/messages.ts (re-exported by lib/api/events.ts).",
    "- Playback quality: session PATCH, end and complete accept `quality: { startupMs, stalls, stallMs, errors: [{ code, count }], segments: [{ index, plannedSeconds, playedSeconds, completed }] }`; the session then returns it.",
    "- Typed client: generate types from /openapi.json with openapi-typescript and call with openapi-fetch (see the README).",
    "- Social drops and social publish accept only X-Api-Key (no Bearer token); drop exports answer presigned links valid about 7 days; a social publish PATCH that cannot be applied is 422 and changes nothing.",
    "- Workout exports (`.../export/{video|audio|captions}/stream_url` and `.../export/video/hls_url`, 10x): 404 until rendered, usually seconds after a workout is published or changed; poll with a few seconds between calls. `hls_url` is one signed master playlist (three video renditions and an audio rendition, fMP4); every URI inside is signed with the same expiry. `captions/stream_url` is the export's WebVTT sidecar.",
    "- Captions: playlist segments with spoken instructions carry `captions: [{ locale, label, url }]` (signed WebVTT, cue times from the segment's start); the field is absent otherwise and safe to ignore.",
    "- Coach chat (/v1/chat/conversations): send organizationId plus userEmail or userExternalUUID on every call (body for POST, query for GET and DELETE); lists are page-based (page, limit); POST .../messages with `Accept: text/event-stream` streams Server-Sent Events `delta` ({ text }) then `reply` ({ message, reply }) or `error`; proposed actions run only through POST .../actions/confirm ({ actionId }), once (409 after, 410 when expired). Details: docs/chat.md.",
    "",
    ...[...byTag.entries()].flatMap(([tag, lines]) => [`## ${tag}`, ...lines, ""]),
    "## Webhook event types",
    ...SUBSCRIBABLE_EVENT_TYPES.map((t) => `- ${t}: ${WEBHOOK_EVENT_TYPES[t].summary}`),
    "",
    ...CAST_CHANNEL_NOTES,
  ].join("\n");
}

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPE_NAMES, type WebhookEventType, webhookEnvelope } from "@/server/services/webhooks/event-types";

/**
 * The narrative parts of the reference: the OpenAPI `info.description` sections (rendered by /docs
 * as an introduction with its own navigation) and the document's `webhooks` section, generated
 * from the event-type declarations. The embed-message and cast-socket sections include
 * `docs/pages.md` and `docs/cast.md` when those files exist, so their authors' details appear in
 * /docs without another change here.
 */
function docFile(name: string): string | null {
  const file = path.join(process.cwd(), "docs", name);
  if (!existsSync(file)) return null;
  // Demote the file's headings below this section's `##`, and drop its own title.
  return readFileSync(file, "utf8")
    .replace(/^# .*\n+/, "")
    .replace(/^(#{1,4}) /gm, "$1## ");
}

const IDEMPOTENCY = `## Idempotent retries

Every POST, PUT, PATCH and DELETE accepts an \`Idempotency-Key\` header (1 to 255 printable ASCII characters; a UUID per intended write). The first response is kept for 24 hours per API key (per member for Bearer-only calls). A repeat with the same key, method, path and body gets that response again with \`Idempotent-Replayed: true\`: nothing runs and no rate-limit units are charged. The same key with another request is 422 \`IdempotencyKeyReused\`; a repeat while the first is still running is 409 \`IdempotencyKeyInProgress\` with \`Retry-After\`. 5xx and 429 answers and streamed (text/event-stream) responses are not kept, so a retry runs again. Without the header nothing changes.

Each write says what happens if the service dies while it runs (\`x-idempotency\` in the OpenAPI document, and its description). **Exactly once**: the write and the kept response commit together, so a retry with the same key either runs the write (nothing was committed) or gets the kept response. **At least once** (writes that call a model, stream, upload, or signal devices): the write commits just before the response is kept; if the service dies between the two, the key stays "running": repeats get 409 for up to 10 minutes (the lease), then the next repeat runs the write again. Likewise when storing the response fails, or an error follows the commit (a 5xx), a repeat runs again at once. Where a duplicate would hurt, also send the operation's natural key (for example \`externalId\`), which the service deduplicates itself.

\`\`\`bash
curl -X POST "$BASE/v1/orgs/$ORG/endusers/$MEMBER/nutrition/log" \\
  -H "X-Api-Key: $KEY" -H "Idempotency-Key: 6f1d2b8e-0c55-4c1f-9a7e-2b1f0d8c3a11" \\
  -H "content-type: application/json" -d '{"caloriesKcal": 450}'
\`\`\``;

const RATE_LIMITS = `## Rate limits and usage

Each operation costs weighted units (1x or 10x, shown on every operation) against an hourly and a daily window per API key. Every response reports the binding window in \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`; on 429 wait \`Retry-After\`. \`GET /v1/orgs/{organizationId}/usage\` shows the caps, each key's current windows, and units per key and per operation for the last 24 hours and 30 days.`;

const ANALYTICS = `## Analytics

\`GET /v1/orgs/{organizationId}/analytics/overview\`, \`.../analytics/workouts/{workoutId}\`, \`.../analytics/plans/{planId}\` and \`.../analytics/members/{endUserId}\` take \`from\` and \`to\` (inclusive UTC days, YYYY-MM-DD; default the 30 days ending today; at most 400 days, \`from\` not after \`to\`, else 400 ValidationError naming the field) and \`interval\` (\`day\` or \`week\`, ISO weeks from Monday). A play counts on the UTC day it started; a completion is a finished session that watched at least 90% of the workout; adherence is completed sessions against the active plan's schedule over the 7, 30 and 90 days ending at \`to\`. \`GET .../analytics/members?needsAttention=true\` lists members whose adherence fell 20 points or more against the previous 30 days, or who have not trained for 7 days during an active plan (as of the hourly status job). Numbers come from rollups kept in the same transaction as every session and feedback write. Team keys read their own organization only (403 otherwise); each read costs 1 unit.`;

const WEBHOOKS = `## Webhooks

Register receivers with \`POST /v1/orgs/{organizationId}/webhooks\` (the signing secret is in that answer only). Events are POSTed as JSON \`{ type, timestamp, organizationId, data }\` following [Standard Webhooks](https://www.standardwebhooks.com): \`webhook-id\` (the event id; the same on every retry and replay, so drop duplicates by it), \`webhook-timestamp\` (Unix seconds) and \`webhook-signature\` (\`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">\`, keyed with the base64 part of the \`whsec_\` secret; space-separated when a rotation's two secrets both sign). Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours (redirects are not followed). An endpoint whose deliveries all fail for 24 hours is disabled and the team is notified. Every event type and its payload is listed under Webhooks in this reference.

Verify with the \`standardwebhooks\` library (npm, PyPI), on the raw body:

\`\`\`js
import { Webhook } from "standardwebhooks";
const event = new Webhook(process.env.FORMA_WEBHOOK_SECRET).verify(rawBody, request.headers); // throws when invalid
\`\`\`

\`\`\`python
from standardwebhooks.webhooks import Webhook
event = Webhook(os.environ["FORMA_WEBHOOK_SECRET"]).verify(raw_body, request.headers)
\`\`\``;

const EMBED = `## Embed messages

The players under \`/embed/\` talk to their host page with \`window.postMessage\`: plain objects keyed by \`type\`, every name prefixed \`FORMA_\`, validated on both sides. Host to player: \`FORMA_EMBED_INIT\` (\`{ type, workout: <a generate or adapt answer>, apiKey }\`, extra keys ignored), \`FORMA_HOST_IMMERSIVE\` and \`FORMA_CONTROL\` (the cast's action names). Player to host: \`FORMA_READY\`, \`FORMA_ORIENTATION_TOGGLE\`, \`FORMA_PLAYBACK_STATE\`, \`FORMA_WORKOUT_FINISHED\` and \`FORMA_ERROR\`. Unknown messages are ignored. The embedded player sends its \`apiKey\` as \`X-Api-Key\`, and those calls count against that key. The iframe snippet and every message's fields: [Embedding players and hosted pages](/docs/embed).`;

const CAST = `## Cast realtime events

Socket.IO namespace \`/cast/pairing\`, connected with \`socketIO.fullUrl\` from the create or join answer and handshake \`auth: { apiKey }\` (the URL's query names \`sessionId\`, \`role\`, \`display\` or \`controller\`, and a controller's \`deviceId\`; clients that build the URL themselves send these in \`auth\`, as \`socketIO.auth\` lists them). Server events: \`workout-cast\`, \`workout-session-started\`, \`workout-state-changed\`, \`workout-progress-changed\`, \`device-paired\`, \`device-disconnected\`, \`pairing-success\` (\`{ sessionId, displayName }\`) and \`session-ended\` (\`{ sessionId, reason }\`, then the socket is closed). Clients send \`heartbeat\` with \`{ sessionId, deviceId }\` every 30 seconds; after a dropped connection, poll the workout status. The channel is optional: REST commands reach the display too.`;

/** The sections after the document's opening paragraph. */
export function referenceSections(): string {
  const pages = docFile("pages.md");
  const cast = docFile("cast.md");
  return [IDEMPOTENCY, RATE_LIMITS, ANALYTICS, WEBHOOKS, pages ? `${EMBED}\n\n${pages}` : EMBED, cast ? `${CAST}\n\n${cast}` : CAST].join("\n\n");
}

/** Extensions that point tools at the same sections' sources. */
export function referenceExtensions(): Record<string, unknown> {
  return {
    "x-forma-embed-messages": {
      prefix: "FORMA_",
      hostToPlayer: ["FORMA_EMBED_INIT", "FORMA_HOST_IMMERSIVE", "FORMA_CONTROL"],
      playerToHost: ["FORMA_READY", "FORMA_ORIENTATION_TOGGLE", "FORMA_PLAYBACK_STATE", "FORMA_WORKOUT_FINISHED", "FORMA_ERROR"],
      docs: "docs/pages.md",
    },
    "x-forma-cast-events": {
      namespace: "/cast/pairing",
      server: [
        "workout-cast",
        "workout-session-started",
        "workout-state-changed",
        "workout-progress-changed",
        "device-paired",
        "device-disconnected",
        "pairing-success",
        "session-ended",
      ],
      client: ["heartbeat"],
      docs: "docs/cast.md",
    },
  };
}

const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

const WebhookHeaders = z.object({
  "webhook-id": z.string().meta({ param: { id: "WebhookId" }, description: "The event id: the same on every retry and replay (drop duplicates by it)." }),
  "webhook-timestamp": z
    .string()
    .meta({ param: { id: "WebhookTimestamp" }, description: "Unix seconds when this attempt was signed; reject old ones (5 minutes)." }),
  "webhook-signature": z.string().meta({
    param: { id: "WebhookSignature" },
    description: "`v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>`; several, space-separated, while a rotated secret overlaps.",
  }),
});

/** The document's `webhooks` section: one POST per event type, as a receiver gets it. */
export function webhookPaths(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENT_TYPE_NAMES) {
    const def = WEBHOOK_EVENT_TYPES[type as WebhookEventType];
    const envelope = webhookEnvelope(type as WebhookEventType).meta({ id: `WebhookEvent${pascal(type)}` });
    out[type] = {
      post: {
        operationId: `Webhooks_${pascal(type).charAt(0).toLowerCase()}${pascal(type).slice(1)}`,
        tags: ["Webhooks"],
        summary: type,
        description: `${def.summary}\n\nSent by: ${def.source}.`,
        // Receivers authenticate the sender by the signature headers, not by a scheme of this API.
        security: [],
        requestParams: { header: WebhookHeaders },
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: envelope,
              example: { type, timestamp: "2025-01-15T09:30:00.000Z", organizationId: "65f1c0ffee0123456789abcd", data: def.example },
            },
          },
        },
        responses: {
          "200": { description: "Any 2xx acknowledges the delivery (answer within 10 seconds)." },
          "500": { description: "Anything else, or no answer within 10 seconds, is retried with exponential backoff for 24 hours." },
        },
      },
    };
  }
  return out;
}

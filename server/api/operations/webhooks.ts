import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES } from "@/db/schema/integrations";
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_TYPES, WebhookEventTypeSchema } from "@/server/services/webhooks/event-types";
import { defineOperation } from "../operation";
import { HexId, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";

const AUTH = ["X-Api-Key"] as const;
const TAG = "Webhooks";

const OrgParams = z.object({ organizationId: HexId });
const EndpointParams = z.object({ organizationId: HexId, webhookId: HexId });
const DeliveryParams = z.object({ organizationId: HexId, webhookId: HexId, deliveryId: HexId });
const Timestamp = z.string().meta({ description: "ISO 8601." });

const Url = z.string().min(1).max(2048).meta({
  description:
    "The receiver: an https (or http) URL without credentials. Private, loopback and link-local addresses are refused, when the endpoint is saved and at every delivery (after resolving DNS).",
  example: "https://partner.example.com/forma/webhooks",
});
const EventTypes = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(SUBSCRIBABLE_EVENT_TYPES.length)
  .meta({ description: "The event types to receive (at least one)." });
const Description = z.string().max(500).meta({ description: "A note for the team, e.g. what the receiver does." });

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    status: z.enum(["enabled", "disabled"]).meta({ description: "Disabled endpoints receive nothing; their deliveries are given up." }),
    disabledReason: z
      .enum(["manual", "failing"])
      .nullable()
      .meta({ description: "`manual` (PATCH enabled: false) or `failing` (every delivery failed for 24 hours)." }),
    disabledAt: Timestamp.nullable(),
    failingSince: Timestamp.nullable().meta({ description: "Start of the current run of failed attempts; null while deliveries succeed." }),
    previousSecretExpiresAt: Timestamp.nullable().meta({
      description: "After a rotation: until when deliveries are also signed with the previous secret.",
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: "WebhookEndpoint" });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().meta({
    description: "The signing secret (`whsec_` + base64), shown only in this answer. Verify deliveries with it (Standard Webhooks).",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).meta({ id: "WebhookEndpointWithSecret" });

export const WebhookAttempt = z
  .object({
    attempt: z.number().int().meta({ description: "1 for the first attempt." }),
    startedAt: Timestamp,
    statusCode: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when none arrived (timeout, refused address, network)." }),
    latencyMs: z.number().int(),
    responseExcerpt: z.string().nullable().meta({ description: "The first 1,024 characters of the response body." }),
    error: z.string().nullable(),
  })
  .meta({ id: "WebhookAttempt" });

export const WebhookDelivery = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().meta({ description: "The `webhook-id` header: the same on every attempt and replay, so receivers can drop duplicates." }),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({ description: "`pending` (being sent or waiting for a retry), `succeeded` (2xx), `failed` (gave up)." }),
    test: z.boolean().meta({ description: "Sent by POST .../test." }),
    attemptCount: z.number().int(),
    nextAttemptAt: Timestamp.nullable().meta({ description: "While pending: when the next attempt is due." }),
    retryUntil: Timestamp.meta({ description: "Retries stop after this instant (24 hours after creation or replay)." }),
    lastAttemptAt: Timestamp.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    succeededAt: Timestamp.nullable(),
    createdAt: Timestamp,
    payload: z.record(z.string(), z.unknown()).meta({ description: "The body sent: `{ type, timestamp, organizationId, data }`." }),
    attempts: z.array(WebhookAttempt),
  })
  .meta({ id: "WebhookDelivery" });

export const WebhookEventTypeInfo = z
  .object({
    type: z.string(),
    summary: z.string(),
    example: z.record(z.string(), z.unknown()).meta({ description: "An example `data` object." }),
  })
  .meta({ id: "WebhookEventTypeInfo" });

const OneEndpoint = z.object({ data: WebhookEndpoint });
const OneEndpointWithSecret = z.object({ data: WebhookEndpointWithSecret });
const OneDelivery = z.object({ data: WebhookDelivery });

export const createWebhook = defineOperation({
  operationId: "WebhooksApi_createWebhook",
  method: "post",
  path: "/v1/orgs/{organizationId}/webhooks",
  tag: TAG,
  summary: "Register a webhook endpoint",
  description:
    "Registers a receiver for the listed event types. The answer carries the endpoint's signing secret, shown only here (and after a rotation). Deliveries follow Standard Webhooks: headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`). At most 20 endpoints per workspace (409).",
  auth: [...AUTH],
  weight: 1,
  params: OrgParams,
  body: z
    .object({ url: Url, description: Description.optional(), eventTypes: EventTypes, enabled: z.boolean().optional().meta({ description: "Default true." }) })
    .strict(),
  bodyRequired: true,
  success: { status: 201, description: "The endpoint with its secret.", schema: OneEndpointWithSecret },
  errors: [403, 404, 409],
});

export const listWebhooks = defineOperation({
  operationId: "WebhooksApi_listWebhooks",
  method: "get",
  path: "/v1/orgs/{organizationId}/webhooks",
  tag: TAG,
  summary: "List webhook endpoints",
  description: "The workspace's endpoints, newest first (secrets are never listed).",
  auth: [...AUTH],
  weight: 1,
  params: OrgParams,
  query: z.object({ limit: limitParam(50, 20), offset: offsetParam }).strict(),
  success: { status: 200, description: "A page of endpoints.", schema: listOf(WebhookEndpoint) },
  errors: [403, 404],
});

export const getWebhook = defineOperation({
  operationId: "WebhooksApi_getWebhook",
  method: "get",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}",
  tag: TAG,
  summary: "Get a webhook endpoint",
  auth: [...AUTH],
  weight: 1,
  params: EndpointParams,
  success: { status: 200, description: "The endpoint.", schema: OneEndpoint },
  errors: [403, 404],
});

export const updateWebhook = defineOperation({
  operationId: "WebhooksApi_updateWebhook",
  method: "patch",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}",
  tag: TAG,
  summary: "Update a webhook endpoint",
  description:
    "Changes the URL, description or event types, or disables (`enabled: false`) and re-enables (`enabled: true`) the endpoint. Re-enabling an endpoint that was disabled for failures starts its failure streak over; replay what it missed with POST .../deliveries/replay.",
  auth: [...AUTH],
  weight: 1,
  idempotency: "transaction",
  params: EndpointParams,
  body: z.object({ url: Url.optional(), description: Description.optional(), eventTypes: EventTypes.optional(), enabled: z.boolean().optional() }).strict(),
  bodyRequired: true,
  success: { status: 200, description: "The endpoint.", schema: OneEndpoint },
  errors: [403, 404],
});

export const deleteWebhook = defineOperation({
  operationId: "WebhooksApi_deleteWebhook",
  method: "delete",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}",
  tag: TAG,
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint and its delivery log; pending deliveries are not sent.",
  auth: [...AUTH],
  weight: 1,
  idempotency: "transaction",
  params: EndpointParams,
  success: { status: 204, description: "Deleted." },
  errors: [403, 404],
});

export const rotateWebhookSecret = defineOperation({
  operationId: "WebhooksApi_rotateWebhookSecret",
  method: "post",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/rotate-secret",
  tag: TAG,
  summary: "Rotate a webhook endpoint's signing secret",
  description:
    "Issues a new secret (in the answer, shown once). The previous one stays valid for `overlapSeconds` (default 86,400: 24 hours): meanwhile every delivery carries two signatures in `webhook-signature`, one per secret, so a receiver verifies with either and can switch at any moment. `overlapSeconds: 0` retires the old secret at once.",
  auth: [...AUTH],
  weight: 1,
  params: EndpointParams,
  body: z
    .object({
      overlapSeconds: z
        .number()
        .int()
        .min(0)
        .max(7 * 86_400)
        .default(86_400)
        .meta({ description: "How long the previous secret stays valid (0 to 604,800 seconds, default 86,400)." }),
    })
    .strict(),
  success: { status: 200, description: "The endpoint with its new secret.", schema: OneEndpointWithSecret },
  errors: [403, 404],
});

export const testWebhook = defineOperation({
  operationId: "WebhooksApi_testWebhook",
  method: "post",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/test",
  tag: TAG,
  summary: "Send a test event",
  description:
    'Queues an event for this endpoint only, whatever it subscribes to: `webhook.test`, or with `eventType` that type\'s example payload. Test bodies carry `"test": true`. It is delivered (signed, retried, logged) like any other; follow it in the delivery log. 409 for a disabled endpoint.',
  auth: [...AUTH],
  weight: 1,
  idempotency: "transaction",
  params: EndpointParams,
  body: z.object({ eventType: WebhookEventTypeSchema.optional().meta({ description: "Send this type's example instead of `webhook.test`." }) }).strict(),
  success: { status: 202, description: "The queued delivery.", schema: OneDelivery },
  errors: [403, 404, 409],
});

export const listWebhookDeliveries = defineOperation({
  operationId: "WebhooksApi_listWebhookDeliveries",
  method: "get",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries",
  tag: TAG,
  summary: "The delivery log of an endpoint",
  description: "Deliveries newest first, each with its attempts (status codes, latency, response excerpt, error). Kept 30 days.",
  auth: [...AUTH],
  weight: 1,
  params: EndpointParams,
  query: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
      eventType: z.enum(Object.keys(WEBHOOK_EVENT_TYPES) as [string, ...string[]]).optional(),
      since: z.iso.datetime({ offset: true }).max(40).optional().meta({ description: "Only deliveries created at or after this instant." }),
      limit: limitParam(50, 20),
      offset: offsetParam,
    })
    .strict(),
  success: { status: 200, description: "A page of deliveries.", schema: listOf(WebhookDelivery) },
  errors: [403, 404],
});

export const getWebhookDelivery = defineOperation({
  operationId: "WebhooksApi_getWebhookDelivery",
  method: "get",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}",
  tag: TAG,
  summary: "One delivery with its attempts",
  auth: [...AUTH],
  weight: 1,
  params: DeliveryParams,
  success: { status: 200, description: "The delivery.", schema: OneDelivery },
  errors: [403, 404],
});

export const replayWebhookDelivery = defineOperation({
  operationId: "WebhooksApi_replayWebhookDelivery",
  method: "post",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/replay",
  tag: TAG,
  summary: "Replay one delivery",
  description:
    "Sends a succeeded or failed delivery again now, with the same event id (`webhook-id`) and body, freshly signed, with a new 24-hour retry window. 409 while it is still pending or when the endpoint is disabled.",
  auth: [...AUTH],
  weight: 1,
  idempotency: "transaction",
  params: DeliveryParams,
  success: { status: 202, description: "The delivery, pending again.", schema: OneDelivery },
  errors: [403, 404, 409],
});

export const replayFailedWebhookDeliveries = defineOperation({
  operationId: "WebhooksApi_replayFailedWebhookDeliveries",
  method: "post",
  path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/replay",
  tag: TAG,
  summary: "Replay every failed delivery since a time",
  description:
    "Replays the endpoint's failed deliveries created at or after `since` (within the 30-day log), oldest first, at most 1,000 per call (call again for more). 409 when the endpoint is disabled.",
  auth: [...AUTH],
  weight: 1,
  idempotency: "transaction",
  params: EndpointParams,
  body: z.object({ since: z.iso.datetime({ offset: true }).max(40).meta({ description: "ISO 8601 instant." }) }).strict(),
  bodyRequired: true,
  success: {
    status: 202,
    description: "How many deliveries were queued again.",
    schema: z.object({
      data: z.object({ replayed: z.number().int(), deliveryIds: z.array(z.string()) }).meta({ id: "WebhookReplayResult" }),
    }),
  },
  errors: [403, 404, 409],
});

export const listWebhookEventTypes = defineOperation({
  operationId: "WebhooksApi_listWebhookEventTypes",
  method: "get",
  path: "/v1/webhooks/event-types",
  tag: TAG,
  summary: "Webhook event types",
  description: "Every event type an endpoint can subscribe to, with an example `data`. Payload schemas are in this document's `webhooks` section.",
  auth: [...AUTH],
  weight: 1,
  query: z.object({}).strict(),
  success: { status: 200, description: "The event types.", schema: z.object({ data: z.array(WebhookEventTypeInfo) }) },
});

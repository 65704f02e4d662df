import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";

/** Raw bytes (postgres.js maps bytea to and from Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Idempotency-Key records of /v1 writes. The primary key (scope, key) is what makes a write run once:
 * the first request inserts its row as `running` before the operation runs, and every concurrent
 * repeat finds that row. `done` rows keep the response for replay until `expires_at` (24 h).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** `key:<apiKeyId>`, `member:<endUserId>`, or both for a key plus a member token. */
    scope: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of method, path with query, and body: a repeat must match it. */
    fingerprint: text().notNull(),
    status: text().$type<"running" | "done">().notNull(),
    /** Identifies the attempt that holds a running row, so only it can finish or release the row. */
    lockToken: text().notNull(),
    /** A running row older than this was abandoned (its process died) and may be taken over by a repeat. */
    lockedUntil: ts("locked_until"),
    responseStatus: integer(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    responseBody: bytea(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

/**
 * Weighted units and requests per hour, organization (whose caps were charged), rate-limit subject
 * and operation. Written by each process's in-memory tally every few seconds with an additive upsert.
 */
export const usageHourly = pgTable(
  "usage_hourly",
  {
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    hour: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    /** The rate-limit subject: `key:<apiKeyId>` or `member:<endUserId>`. */
    subject: text().notNull(),
    /** The API key, null for Bearer-only member calls. */
    apiKeyId: text(),
    operationId: text().notNull(),
    units: bigint({ mode: "number" }).notNull().default(0),
    requests: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hour, t.subject, t.operationId] }), index("usage_hourly_hour_idx").on(t.hour)],
);

/**
 * The same counts per UTC day (`day` is its midnight): hourly buckets older than 48 hours, rolled up
 * by the hourly `roll-up-usage` job (server/services/usage/roll-up-usage.ts) and removed from
 * `usage_hourly` in the same statement, so the 30-day usage read finds at most one row per day, key
 * and operation besides the last 48 hours of hourly rows. Additive like the hourly rows: a late
 * flush of an old hour lands in `usage_hourly` and is rolled into its day by the next run.
 */
export const usageDaily = pgTable(
  "usage_daily",
  {
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    subject: text().notNull(),
    apiKeyId: text(),
    operationId: text().notNull(),
    units: bigint({ mode: "number" }).notNull().default(0),
    requests: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.subject, t.operationId] }), index("usage_daily_day_idx").on(t.day)],
);

export const WEBHOOK_ENDPOINT_STATUSES = ["enabled", "disabled"] as const;
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A workspace's webhook receivers. Secrets are stored encrypted (server/services/webhooks/secrets.ts). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: text().notNull().default(""),
    eventTypes: text().array().notNull(),
    status: text().$type<(typeof WEBHOOK_ENDPOINT_STATUSES)[number]>().notNull().default("enabled"),
    /** `manual` (disabled through the API) or `failing` (every delivery failed for 24 hours). */
    disabledReason: text().$type<"manual" | "failing">(),
    disabledAt: ts("disabled_at"),
    /** Set when a disable for failures was announced to the workspace (null: still to announce). */
    disabledNotifiedAt: ts("disabled_notified_at"),
    secret: text().notNull(),
    /** The secret before the last rotation; deliveries are signed with both until it expires. */
    previousSecret: text(),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    /** Start of the current run of failed attempts; null after a success. */
    failingSince: ts("failing_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.organizationId, t.createdAt)],
);

/** One event announced to a workspace (its body is kept as sent, so every attempt signs the same bytes). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_events_created_idx").on(t.createdAt)],
);

/** An event on its way to one endpoint: the outbox row the delivery job claims. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    eventType: text().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** Not claimable before this instant: the lease while sending, the backoff after a failure. */
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    /** Retries stop after this instant (24 h after the delivery was created or replayed). */
    retryUntil: ts("retry_until").notNull(),
    lastAttemptAt: ts("last_attempt_at"),
    lastStatusCode: integer(),
    lastError: text(),
    succeededAt: ts("succeeded_at"),
    /** True for deliveries of POST .../test. */
    test: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

/** Every HTTP attempt of a delivery: the delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    startedAt: ts("started_at").notNull(),
    /** The receiver's HTTP status; null when no response arrived (timeout, refused, network). */
    statusCode: integer(),
    latencyMs: integer().notNull(),
    /** The first 1,024 characters of the response body. */
    responseExcerpt: text(),
    error: text(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);

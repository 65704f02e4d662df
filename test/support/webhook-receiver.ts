import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import { and, asc, eq, lte } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { onTestFinished } from "vitest";
import { getDb } from "@/db/client";
import { webhookDeliveries, webhookEvents } from "@/db/schema";
import type { JobIo } from "@/server/jobs/types";
import { deliverWebhookBatch } from "@/server/services/webhooks/deliver-webhooks";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/server/services/webhooks/event-types";
import { call } from "@/test/harness";

/**
 * Test support: a real HTTP receiver on 127.0.0.1 that verifies every request with the
 * `standardwebhooks` verifier against the secrets it was told, and answers as scripted.
 */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: any;
  /** The secrets (of `secrets`) this request verified with. */
  verifiedWith: string[];
  receivedAt: number;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Secrets to verify with. */
  secrets: string[] = [];
  /** Answers by request index (the last one repeats); default 200. */
  script: Answer[] = [{ status: 200, body: "ok" }];
  private server: Server | null = null;
  private waiters: (() => void)[] = [];
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const verifiedWith = this.secrets.filter((s) => {
          try {
            new Webhook(s).verify(body, req.headers as Record<string, string>);
            return true;
          } catch {
            return false;
          }
        });
        let payload: unknown = null;
        try {
          payload = JSON.parse(body);
        } catch {}
        const index = this.received.length;
        this.received.push({ path: req.url ?? "/", headers: req.headers, body, payload, verifiedWith, receivedAt: Date.now() });
        for (const w of this.waiters.splice(0)) w();
        const answer = this.script[Math.min(index, this.script.length - 1)]!;
        if (answer === "hang") return; // never answers
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "");
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", () => r()));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}/hooks`;
    return this;
  }

  /** Resolves once `n` requests arrived (or fails after `timeoutMs`). */
  async waitFor(n: number, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > deadline) throw new Error(`expected ${n} webhook requests, got ${this.received.length}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return this.received;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

/** A JobIo that runs steps directly (what the local provider does). */
export const directIo: JobIo = {
  run: (_id, fn) => fn(),
  sleep: (_id, ms) => new Promise((r) => setTimeout(r, ms)),
  sendEvent: async () => {},
};

/** Delivers every due pending delivery of one organization now (what the jobs do, scoped to a test's data). */
export async function deliverDue(organizationId: string) {
  const due = await getDb()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, new Date())),
    );
  if (due.length === 0) return { succeeded: 0, retry: 0, failed: 0, skipped: 0 };
  return deliverWebhookBatch(directIo, { ids: due.map((d) => d.id), limit: 100, coalesce: false });
}

/** Makes an organization's pending retries due now (time travel for backoff). */
export async function makeRetriesDue(organizationId: string) {
  await getDb()
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.status, "pending")));
}

/**
 * Subscribes a workspace to every event type for the rest of the calling test, so that its
 * services store the events they announce. The endpoint (a closed local port) is deleted with its
 * deliveries when the test finishes: its failed deliveries would otherwise be retried for a day,
 * and a delivery run of another test file on the same database (runs coalesce whatever is due)
 * would spend its time on them.
 */
export async function subscribeToAllEvents(o: { organizationId: string; key: string }): Promise<void> {
  const base = `/v1/orgs/${o.organizationId}/webhooks`;
  const res = await call(base, {
    key: o.key,
    body: { url: "http://127.0.0.1:9/forma-hooks", eventTypes: [...SUBSCRIBABLE_EVENT_TYPES], description: "event recorder" },
  });
  if (res.status !== 201) throw new Error(`subscribing failed: ${res.status} ${res.text}`);
  const id = (res.body as { data: { id: string } }).data.id;
  onTestFinished(async () => {
    const gone = await call(`${base}/${id}`, { key: o.key, method: "DELETE" });
    if (gone.status !== 204) throw new Error(`unsubscribing failed: ${gone.status} ${gone.text}`);
  });
}

/** The `data` of the events of one type the workspace announced, oldest first. */
export async function announced(organizationId: string, type: string): Promise<Record<string, unknown>[]> {
  const rows = await getDb()
    .select({ body: webhookEvents.body })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.type, type)))
    .orderBy(asc(webhookEvents.createdAt));
  return rows.map((r) => (JSON.parse(r.body) as { data: Record<string, unknown> }).data);
}

import type postgres from "postgres";
import { type Tx, getSql } from "@/db/client";
import { notifyChannel } from "@/db/queries/channels";
import { log } from "@/server/core/log";
import { type JobEvent, parseJobEvent } from "./events";

/**
 * Job events sent by a transaction, delivered only if it commits. `sendJobEventOnCommit` issues a
 * PostgreSQL NOTIFY inside the transaction (PostgreSQL delivers notifications at commit, and drops
 * them on rollback); the process running the job worker listens and hands each event to the job
 * system. A service can therefore announce an outbox row in the same transaction that writes it,
 * without an after-commit step. A notification nobody hears (no worker listening at that moment)
 * is lost, so the rows it announces must also be picked up by a sweep. Payloads are limited to
 * 8,000 bytes by PostgreSQL: send ids, not documents.
 */
export const JOB_EVENTS_CHANNEL = "forma_job_events";

/** The NOTIFY payload for an event (validated against its declaration). */
export function commitRelayPayload(event: JobEvent): string {
  return JSON.stringify(parseJobEvent(event));
}

/** Sends `event` to the job system when `tx` commits. */
export async function sendJobEventOnCommit(tx: Tx, event: JobEvent): Promise<void> {
  await notifyChannel(tx, { channel: JOB_EVENTS_CHANNEL, payload: commitRelayPayload(event) });
}

const holder = globalThis as unknown as { __formaCommitRelay?: Promise<postgres.ListenMeta> };

/** Listens for committed events and passes each to `send` (call once per worker process). */
export async function startCommitRelay(send: (event: JobEvent) => Promise<void>): Promise<void> {
  if (holder.__formaCommitRelay) {
    await holder.__formaCommitRelay;
    return;
  }
  holder.__formaCommitRelay = getSql().listen(JOB_EVENTS_CHANNEL, (payload) => {
    let event: JobEvent;
    try {
      event = parseJobEvent(JSON.parse(payload));
    } catch (err) {
      log("warn", "ignored a malformed committed job event", { err: err instanceof Error ? err.message : String(err) });
      return;
    }
    void send(event);
  });
  try {
    await holder.__formaCommitRelay;
  } catch (err) {
    holder.__formaCommitRelay = undefined;
    throw err;
  }
}

export async function stopCommitRelay(): Promise<void> {
  const current = holder.__formaCommitRelay;
  holder.__formaCommitRelay = undefined;
  await (await current?.catch(() => null))?.unlisten().catch(() => {});
}

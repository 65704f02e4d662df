import type { z } from "zod";
import type { JobEvent, JobEventName } from "./events";

/** What starts a job: one declared event, or a cron schedule (UTC). */
export type JobTrigger = { event: JobEventName } | { cron: string };

/**
 * The small set of tools a handler gets. Under Inngest they are durable steps (`step.run`,
 * `step.sleep`, `step.sendEvent`: a retried run replays finished steps from their recorded
 * results); under the local provider `run` simply runs, so every step must be idempotent and
 * return JSON-serializable values.
 */
export interface JobIo {
  run<T>(stepId: string, fn: () => Promise<T>): Promise<T>;
  sleep(stepId: string, ms: number): Promise<void>;
  sendEvent(stepId: string, event: JobEvent): Promise<void>;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Stable id: the Inngest function id and the pg-boss queue name (kebab-case). */
  id: string;
  name: string;
  trigger: JobTrigger;
  /** Validates the event data (cron jobs receive `{}`). */
  payload: S;
  /** Retries after a failed run (default 3). */
  retries?: number;
  /** Runs at the same time in one process of the local provider (default 1; Inngest runs them as it sees fit). */
  localConcurrency?: number;
  /**
   * Queue order under the local provider (higher first, default 0), so an editor's change is not
   * queued behind background work. Inngest runs functions concurrently and ignores it.
   */
  priority?: (payload: z.output<S>) => number;
  handler: (args: { payload: z.output<S>; io: JobIo }) => Promise<unknown>;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(def.id)) throw new Error(`job id ${def.id} must be kebab-case`);
  return def;
}

/** Any job definition, whatever its payload schema. */
export type AnyJobDefinition = JobDefinition<any>;

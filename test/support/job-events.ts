import { afterAll, beforeAll } from "vitest";
import { type JobEvent, tapJobEvents } from "@/server/jobs";

/**
 * Records the events `sendJobEventSafely` sends during this file's tests instead of sending them:
 * the tests check what a write announces, and run the jobs themselves (so no worker may race
 * them). Call it at the top of a file. A seam rather than `vi.mock`, so the file shares its
 * worker's modules (the "integration" project) instead of importing the app again.
 */
export function recordJobEvents(): JobEvent[] {
  const sent: JobEvent[] = [];
  beforeAll(() => tapJobEvents((event) => void sent.push(event)));
  afterAll(() => tapJobEvents(null));
  return sent;
}

import { withTrace } from "@/server/observability/jobs";
import type { JobEvent } from "../events";

/** Sends an event to Inngest; functions run where Inngest calls them (`/api/inngest`). */
export async function sendInngestEvent(event: JobEvent): Promise<void> {
  const { inngest } = await import("@/inngest/client");
  await inngest.send({ name: event.name, data: withTrace(event.data) });
}

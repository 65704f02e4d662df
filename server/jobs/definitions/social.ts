import { z } from "zod";
import { getDb } from "@/db/client";
import { JOB_EVENTS } from "../events";
import { DROP_RENDER_RETRIES } from "@/server/services/drops/presets";
import { defineJob } from "../types";

/**
 * Social drops and publish automations. Handlers import their services lazily: the renderer
 * pulls in next/og (satori, resvg) and ffmpeg helpers, which only the worker process needs.
 */

/** Cuts a new drop's variants and covers and writes its copy packs. */
export const renderSocialDropJob = defineJob({
  id: "render-social-drop",
  name: "Render a social drop",
  trigger: { event: "social/drop.requested" },
  payload: JOB_EVENTS["social/drop.requested"],
  // A failed render throws while its variants have attempts left (DropRenderRetryError): these retries, with backoff, are its next attempts.
  retries: DROP_RENDER_RETRIES,
  handler: async ({ payload, io }) => {
    const { renderDropJob } = await import("@/server/services/drops/render-drop");
    return renderDropJob(io, payload.dropId);
  },
});

/**
 * Every five minutes: hands drops stuck in processing (a lost event, a crashed worker) to the
 * renderer again, and fails those still processing DROP_DEADLINE_HOURS after their request.
 */
export const sweepSocialDropsJob = defineJob({
  id: "sweep-social-drops",
  name: "Re-render stuck social drops",
  trigger: { cron: "*/5 * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: async ({ io }) => {
    const { sweepStaleDrops } = await import("@/server/services/drops/stale-drops");
    const { requeue, failed } = await io.run("claim", () => sweepStaleDrops(getDb()));
    for (const dropId of requeue) await io.sendEvent(`render-${dropId}`, { name: "social/drop.requested", data: { dropId } });
    return { requeued: requeue.length, failed: failed.length };
  },
});

/** Every minute: plans due publish automations and posts their deliveries (retries included). */
export const publishSocialAutomationsJob = defineJob({
  id: "publish-social-automations",
  name: "Publish due social automations",
  trigger: { cron: "* * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: async ({ io }) => {
    const { runSocialPublishTick } = await import("@/server/services/social/publish");
    return runSocialPublishTick(io);
  },
});

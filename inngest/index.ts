import { deliverNotifications } from "./functions/deliver-notifications";
import { sweepNotificationsOutbox } from "./functions/sweep-notifications-outbox";
import { runAutopilot } from "./functions/run-autopilot";
import { deliverWebhooks } from "./functions/deliver-webhooks";
import { sweepWebhooks } from "./functions/sweep-webhooks";
import { pruneIntegrationData } from "./functions/prune-integration-data";
import { sweepCastSessions } from "./functions/sweep-cast-sessions";
import { publishSocialAutomations } from "./functions/publish-social-automations";
import { renderSocialDrop } from "./functions/render-social-drop";
import { sweepSocialDrops } from "./functions/sweep-social-drops";
import { renderPendingExports } from "./functions/render-pending-exports";
import { renderWorkoutExports } from "./functions/render-workout-exports";
import { sweepWorkoutExports } from "./functions/sweep-workout-exports";
import { processMediaUpload, sweepMediaUploads } from "./functions/process-media-upload";
import { rollUpUsage } from "./functions/roll-up-usage";
import { analyticsMemberStatus, rebuildAnalytics } from "./functions/analytics";

export { inngest } from "./client";

/** Every Inngest function, served by app/api/inngest/route.ts (one per job in server/jobs/registry.ts). */
export const functions = [deliverNotifications, sweepNotificationsOutbox, runAutopilot, deliverWebhooks, sweepWebhooks, pruneIntegrationData, sweepCastSessions, renderSocialDrop, sweepSocialDrops, publishSocialAutomations, renderWorkoutExports, renderPendingExports, sweepWorkoutExports, processMediaUpload, sweepMediaUploads, rollUpUsage, rebuildAnalytics, analyticsMemberStatus];

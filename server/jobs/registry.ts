import { deliverNotificationsJob, sweepNotificationsOutboxJob } from "./definitions/deliver-notifications";
import { runAutopilotJob } from "./definitions/autopilot";
import { deliverWebhooksJob, pruneIntegrationDataJob, sweepWebhooksJob } from "./definitions/webhooks";
import { sweepCastSessionsJob } from "./definitions/cast";
import { publishSocialAutomationsJob, renderSocialDropJob, sweepSocialDropsJob } from "./definitions/social";
import { renderPendingExportsJob, renderWorkoutExportsJob, sweepWorkoutExportsJob } from "./definitions/exports";
import { packageClipHlsJob, processMediaUploadJob, sweepClipHlsJob, sweepMediaUploadsJob } from "./definitions/media-uploads";
import { rollUpUsageJob } from "./definitions/usage";
import { analyticsMemberStatusJob, rebuildAnalyticsJob } from "./definitions/analytics";
import type { AnyJobDefinition } from "./types";

/** Every job, defined once; both providers run exactly this list. */
export const ALL_JOBS: AnyJobDefinition[] = [
  deliverNotificationsJob,
  sweepNotificationsOutboxJob,
  runAutopilotJob,
  deliverWebhooksJob,
  sweepWebhooksJob,
  pruneIntegrationDataJob,
  sweepCastSessionsJob,
  renderSocialDropJob,
  sweepSocialDropsJob,
  publishSocialAutomationsJob,
  renderWorkoutExportsJob,
  renderPendingExportsJob,
  sweepWorkoutExportsJob,
  processMediaUploadJob,
  sweepMediaUploadsJob,
  packageClipHlsJob,
  sweepClipHlsJob,
  rollUpUsageJob,
  rebuildAnalyticsJob,
  analyticsMemberStatusJob,
];

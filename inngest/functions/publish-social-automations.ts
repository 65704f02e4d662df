import { publishSocialAutomationsJob } from "@/server/jobs/definitions/social";
import { functionFromJob } from "../client";

/** Every minute: plans due social publish automations and posts their deliveries. */
export const publishSocialAutomations = functionFromJob(publishSocialAutomationsJob);

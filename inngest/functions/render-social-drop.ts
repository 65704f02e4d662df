import { renderSocialDropJob } from "@/server/jobs/definitions/social";
import { functionFromJob } from "../client";

/** Renders a new social drop: variants, covers and copy packs (event social/drop.requested). */
export const renderSocialDrop = functionFromJob(renderSocialDropJob);

import { z } from "zod";
import { SOCIAL_PLATFORMS, SOCIAL_SOURCE_MODES } from "@/db/schema";
import { ScheduleSchema } from "@/server/services/social/schedule";
import { defineOperation } from "../operation";
import { HexId, StrictLocale, distinctItems, limitParam, listOf, offsetParam } from "../schemas";

/**
 * Social publish automations: post drops to connected Instagram, TikTok, YouTube and Facebook
 * accounts on a schedule. Key auth only (X-Api-Key), as the contract's heading says; a member
 * Bearer token is never accepted (docs/social.md, "Authentication").
 */
const AUTH = ["X-Api-Key"] as const;

const Platform = z.enum(SOCIAL_PLATFORMS);
const SourceMode = z.enum(SOCIAL_SOURCE_MODES).meta({
  description:
    "manual_fixed: the fixed `dropIds` in turn; random_ready: a random ready drop; ai_pick: the drop ranked best on engagement, freshness and variety; ai_insights: ranked on what the members' health data and training show they need.",
});
const Platforms = distinctItems(z.array(Platform).min(1).max(4), "platforms must be distinct").meta({ description: "Target platforms: instagram, tiktok, youtube, facebook." });

const ChannelPresets = z
  .object({
    instagram: z.enum(["ig_reels", "ig_stories", "ig_carousel"]).optional(),
    tiktok: z.enum(["tiktok"]).optional(),
    youtube: z.enum(["yt_shorts", "yt_longform"]).optional(),
    facebook: z.enum(["fb_reels"]).optional(),
  })
  .strict()
  .meta({ id: "SocialChannelPresets", description: "Preset per target platform; defaults ig_reels, tiktok, yt_shorts, fb_reels." });

const CaptionOverride = z
  .object({
    caption: z.string().trim().min(1).max(2200).optional().meta({ description: "Replaces the drop's caption." }),
    hashtags: z.array(z.string().trim().min(1).max(50)).max(30).optional().meta({ description: "Replace the drop's hashtags ('#' optional)." }),
    cta: z.string().trim().min(1).max(200).optional().meta({ description: "Replaces the call to action." }),
  })
  .strict()
  .meta({ id: "SocialCaptionOverride" });

const CaptionOverrides = z
  .object({
    instagram: CaptionOverride.optional(),
    tiktok: CaptionOverride.optional(),
    youtube: CaptionOverride.optional(),
    facebook: CaptionOverride.optional(),
  })
  .strict()
  .meta({ id: "SocialCaptionOverrides", description: "Per platform; the preset's limits still apply to the result." });

const DropIds = distinctItems(z.array(HexId).max(50), "dropIds must be distinct").meta({
  description: "manual_fixed only: drops of this workspace, posted in this order, round and round; each at most once (ids compare case-insensitively).",
});

const Name = z.string().trim().min(1).max(120);

export const CreateSocialPublishBody = z
  .object({
    name: Name,
    platforms: Platforms,
    sourceMode: SourceMode,
    dropIds: DropIds.optional(),
    schedule: ScheduleSchema,
    channelPresets: ChannelPresets.optional(),
    captionOverrides: CaptionOverrides.optional(),
    locale: StrictLocale.optional().meta({ description: "Copy pack locale to post (default en-US; a drop without it posts its own locale's copy)." }),
  })
  .strict()
  .meta({
    id: "CreateSocialPublishBody",
    description:
      "manual_fixed needs `dropIds` (at least one); other source modes take none. `channelPresets` and `captionOverrides` may only name target platforms. Breaking these rules is a 400 BadRequest naming each field in `details`.",
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.allOf = [
        {
          if: { properties: { sourceMode: { const: "manual_fixed" } }, required: ["sourceMode"] },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword, never awaited
          then: { required: ["dropIds"], properties: { dropIds: { minItems: 1 } } },
          else: { not: { required: ["dropIds"], properties: { dropIds: { minItems: 1 } } } },
        },
      ];
    },
  });

export const PatchSocialPublishBody = z
  .object({
    name: Name.optional(),
    status: z
      .enum(["draft", "active"])
      .optional()
      .meta({ description: "active schedules (needs connected accounts for every target platform, else 422); draft pauses." }),
    platforms: Platforms.optional(),
    sourceMode: SourceMode.optional(),
    dropIds: DropIds.optional(),
    schedule: ScheduleSchema.optional(),
    channelPresets: ChannelPresets.optional().meta({ description: "Replaces the stored presets." }),
    captionOverrides: CaptionOverrides.optional().meta({ description: "Replaces the stored overrides." }),
    locale: StrictLocale.optional(),
  })
  .strict()
  .meta({ id: "PatchSocialPublishBody" });

const ScheduleOut = z
  .union([
    z.object({ type: z.literal("weekly"), timeZone: z.string(), days: z.array(z.string()), times: z.array(z.string()) }),
    z.object({ type: z.literal("cron"), timeZone: z.string(), expression: z.string() }),
  ])
  .meta({ id: "SocialScheduleOut" });

export const SocialPublishAutomation = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    status: z.enum(["draft", "active"]),
    sourceMode: z.enum(SOCIAL_SOURCE_MODES),
    platforms: z.array(Platform),
    channelPresets: z.record(z.string(), z.string()).meta({ description: "The preset used for each target platform (defaults filled in)." }),
    dropIds: z.array(z.string()),
    schedule: ScheduleOut,
    captionOverrides: z.record(z.string(), z.object({ caption: z.string().optional(), hashtags: z.array(z.string()).optional(), cta: z.string().optional() })),
    locale: z.string(),
    nextRunAt: z.string().nullable().meta({ description: "Next due time while active; null in draft." }),
    lastRunAt: z.string().nullable().meta({ description: "The last due time planned." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "SocialPublishAutomation" });

export const ConnectedPlatform = z
  .object({
    platform: Platform,
    connected: z.boolean(),
    accountId: z.string().nullable().meta({ description: "The stored account id on the platform." }),
    accountName: z.string().nullable(),
    connectedAt: z.string().nullable(),
  })
  .meta({ id: "ConnectedPlatform" });

const OrgParams = z.object({ organizationId: HexId });
const TaskParams = z.object({ organizationId: HexId, taskId: HexId });

export const getConnectedPlatforms = defineOperation({
  operationId: "SocialPublishApi_getConnectedPlatforms",
  method: "get",
  path: "/v1/orgs/{organizationId}/social-publish/connected-platforms",
  tag: "Social publish",
  summary: "Which platforms have a connected account",
  description: "One entry per platform (instagram, tiktok, youtube, facebook). Accounts are connected in the team workspace app, never through this API.",
  auth: [...AUTH],
  weight: 1,
  params: OrgParams,
  success: { status: 200, description: "The four platforms.", schema: z.object({ data: z.array(ConnectedPlatform) }) },
  errors: [403, 404],
});

export const listSocialPublishAutomations = defineOperation({
  operationId: "SocialPublishApi_listAutomations",
  method: "get",
  path: "/v1/orgs/{organizationId}/social-publish",
  tag: "Social publish",
  summary: "Publish automations of the workspace",
  description: "Deleted automations are never listed.",
  auth: [...AUTH],
  weight: 1,
  params: OrgParams,
  query: z
    .object({
      limit: limitParam(50, 20),
      offset: offsetParam,
      status: z.enum(["active", "draft"]).optional(),
      sourceMode: z.enum(SOCIAL_SOURCE_MODES).optional(),
      sortBy: z.enum(["updatedAt", "createdAt"]).default("updatedAt"),
      sortOrder: z.enum(["ascend", "descend"]).default("descend"),
      search: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name, at most 200 characters." }),
    })
    .strict(),
  success: { status: 200, description: "A page of automations.", schema: listOf(SocialPublishAutomation).meta({ id: "SocialPublishAutomationList" }) },
  errors: [403, 404],
});

export const createSocialPublishAutomation = defineOperation({
  operationId: "SocialPublishApi_createAutomation",
  method: "post",
  path: "/v1/orgs/{organizationId}/social-publish",
  tag: "Social publish",
  summary: "Create an automation (draft)",
  description: "Always created in draft. 400 for an invalid body, including drop ids that are not drops of this workspace.",
  auth: [...AUTH],
  weight: 1,
  params: OrgParams,
  body: CreateSocialPublishBody,
  bodyRequired: true,
  success: { status: 201, description: "The automation, in draft.", schema: z.object({ data: SocialPublishAutomation }) },
  errors: [403, 404],
});

export const getSocialPublishAutomation = defineOperation({
  operationId: "SocialPublishApi_getAutomation",
  method: "get",
  path: "/v1/orgs/{organizationId}/social-publish/{taskId}",
  tag: "Social publish",
  summary: "One automation",
  auth: [...AUTH],
  weight: 1,
  params: TaskParams,
  success: { status: 200, description: "The automation.", schema: z.object({ data: SocialPublishAutomation }) },
  errors: [403, 404],
});

export const updateSocialPublishAutomation = defineOperation({
  operationId: "SocialPublishApi_updateAutomation",
  method: "patch",
  path: "/v1/orgs/{organizationId}/social-publish/{taskId}",
  tag: "Social publish",
  summary: "Change, schedule (status active) or pause (status draft) an automation",
  description: [
    "Partial: absent keys keep their value. A body that is not a valid PatchSocialPublishBody (unknown keys, wrong types, values outside their enums or formats) is 400 ValidationError.",
    "A well-formed change that cannot be applied is 422 UnprocessableEntity with `details[]`, and nothing changes: status active (or a change while active) without a connected account for every target platform (details name each missing platform, target `platforms.<platform>`);",
    "manual_fixed without drop ids, with ids that are not drops of this workspace, or (when active) with drops that are not ready; dropIds with another source mode; presets or caption overrides for platforms that are not targets.",
  ].join(" "),
  auth: [...AUTH],
  weight: 1,
  params: TaskParams,
  body: PatchSocialPublishBody,
  bodyRequired: true,
  success: { status: 200, description: "The automation after the change.", schema: z.object({ data: SocialPublishAutomation }) },
  errors: [403, 404, 422],
});

export const deleteSocialPublishAutomation = defineOperation({
  operationId: "SocialPublishApi_deleteAutomation",
  method: "delete",
  path: "/v1/orgs/{organizationId}/social-publish/{taskId}",
  tag: "Social publish",
  summary: "Delete an automation (soft)",
  description: "Stops it at once; it is no longer listed, read or run (404 afterwards). Its posting history is kept.",
  auth: [...AUTH],
  weight: 1,
  params: TaskParams,
  success: { status: 204, description: "Deleted." },
  errors: [403, 404],
});

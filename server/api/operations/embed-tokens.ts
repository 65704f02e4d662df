import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId, distinctItems, requireOne } from "@/server/contracts/schemas";

const TAG = "Embed tokens";

export const EMBED_TOKEN_TTL = { min: 60, max: 86_400 } as const;

const Origin = z
  .string()
  .max(255)
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/i, "must be an origin: http(s)://host[:port], no path, no wildcard")
  .transform((s) => s.toLowerCase())
  .meta({ description: "An origin that may frame the player: scheme, host and optional port.", example: "https://app.example.com" });

export const EmbedToken = z
  .object({
    id: z.string().meta({ description: "The token's id: revoke it with DELETE .../embed-tokens/{embedId}." }),
    token: z
      .string()
      .meta({ description: "The signed token (a JWT). Put it in the player's address as `token=`; it is shown only in this answer and never stored." }),
    expiresAt: z.string().meta({ description: "ISO 8601: the player refuses the token from then on." }),
    embedUrl: z.string().meta({
      description:
        "The player's address with the token: the workout's (or the plan's first workout's) `/embed/workout/{workoutId}?token=...`. Frame it from one of `allowedOrigins`.",
    }),
    workoutId: z.string().nullable(),
    planId: z.string().nullable(),
    workoutIds: z.array(z.string()).meta({ description: "The workouts the token plays: its workout, or its plan's workouts." }),
    endUserId: z.string().nullable().meta({ description: "The member whose sessions the player records; null: the player records none." }),
    allowedOrigins: z.array(z.string()),
  })
  .meta({ id: "EmbedToken" });

export const createEmbedToken = defineOperation({
  operationId: "EmbedTokensApi_createEmbedToken",
  method: "post",
  path: "/v1/orgs/{organizationId}/embed-tokens",
  tag: TAG,
  summary: "Mint an embed token",
  description:
    "Mints a signed, short-lived token for the embed player, to be made on the partner's server and put in the iframe address instead of an API key (`/embed/workout/{workoutId}?token=...`). The token plays only its workout (or its plan's published workouts), records sessions and feedback only for `endUserId` (none when it is omitted), is refused after `expiresAt` or revocation, and the player page may be framed only by `allowedOrigins` (its CSP `frame-ancestors`). The player sends it as `Authorization: Bearer` to the workout, playlist, music, session and feedback operations; every other operation refuses it (403). 404 when the workout, plan or member is not an active one of this organization.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  body: requireOne(
    z
      .object({
        workoutId: HexId.optional().meta({ description: "A published workout of the organization. Exactly one of workoutId and planId." }),
        planId: HexId.optional().meta({ description: "A published plan of the organization: the token plays each of its workouts." }),
        endUserId: z
          .string()
          .min(1)
          .max(320)
          .optional()
          .meta({ description: "An active member (id or email): the player records sessions and feedback for this member only." }),
        ttlSeconds: z
          .number()
          .int()
          .min(EMBED_TOKEN_TTL.min)
          .max(EMBED_TOKEN_TTL.max)
          .meta({ description: "Lifetime in seconds, 60 to 86,400 (one day).", example: 3600 }),
        allowedOrigins: distinctItems(z.array(Origin).min(1).max(20), "allowedOrigins must not repeat an origin").meta({
          description: "1 to 20 origins that may frame the player (the page's CSP frame-ancestors).",
        }),
      })
      .strict(),
    ["workoutId", "planId"],
    "Send exactly one of workoutId and planId.",
  ).meta({ id: "CreateEmbedTokenBody" }),
  bodyRequired: true,
  success: { status: 201, description: "The token, its expiry and the player address.", schema: z.object({ data: EmbedToken }).meta({ id: "OneEmbedToken" }) },
  errors: [403, 404],
});

export const revokeEmbedToken = defineOperation({
  operationId: "EmbedTokensApi_revokeEmbedToken",
  method: "delete",
  path: "/v1/orgs/{organizationId}/embed-tokens/{embedId}",
  tag: TAG,
  summary: "Revoke an embed token",
  description:
    "The player refuses the token from the next request on (a page already playing stops at its next call). Revoking a revoked token answers 204 again.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId, embedId: HexId }),
  success: { status: 204, description: "Revoked." },
  errors: [403, 404],
});

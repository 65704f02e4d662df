import { metrics } from "./metrics";

/** Embed token events (forma_embed_tokens_total): minted, revoked, accepted, refused. */
export function countEmbedToken(event: "minted" | "revoked" | "accepted" | "refused"): void {
  metrics().embedTokens.inc({ event });
}

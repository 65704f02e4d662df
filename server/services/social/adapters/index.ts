import { facebookAdapter } from "../platforms/facebook";
import { instagramAdapter } from "../platforms/instagram";
import { tiktokAdapter } from "../platforms/tiktok";
import { youtubeAdapter } from "../platforms/youtube";
import { sandboxAdapter } from "./sandbox";
import type { PlatformAdapter } from "./types";

export { GrantRevokedError, PermanentPublishError, type PlatformAdapter, type SocialPost } from "./types";

/**
 * Adapters by name. Accounts name the adapter that posts for them (social_accounts.adapter);
 * the sandbox and the four platforms' adapters (server/services/social/platforms, used by accounts
 * connected through the platform's OAuth sign-in) are built in; others may register at start-up. An account whose adapter is not registered fails its posts permanently.
 */
const adapters = new Map<string, PlatformAdapter>([sandboxAdapter, instagramAdapter, facebookAdapter, youtubeAdapter, tiktokAdapter].map((a) => [a.name, a]));

export function registerPlatformAdapter(adapter: PlatformAdapter): void {
  adapters.set(adapter.name, adapter);
}

export function unregisterPlatformAdapter(name: string): void {
  if (name !== sandboxAdapter.name) adapters.delete(name);
}

export function getPlatformAdapter(name: string): PlatformAdapter | null {
  return adapters.get(name) ?? null;
}

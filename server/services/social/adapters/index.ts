import { sandboxAdapter } from "./sandbox";
import type { PlatformAdapter } from "./types";

export { PermanentPublishError, type PlatformAdapter, type SocialPost } from "./types";

/**
 * Adapters by name. Accounts name the adapter that posts for them (social_accounts.adapter);
 * the sandbox is built in, real platform adapters register here at start-up behind their own
 * configuration. An account whose adapter is not registered fails its posts permanently.
 */
const adapters = new Map<string, PlatformAdapter>([[sandboxAdapter.name, sandboxAdapter]]);

export function registerPlatformAdapter(adapter: PlatformAdapter): void {
  adapters.set(adapter.name, adapter);
}

export function unregisterPlatformAdapter(name: string): void {
  if (name !== sandboxAdapter.name) adapters.delete(name);
}

export function getPlatformAdapter(name: string): PlatformAdapter | null {
  return adapters.get(name) ?? null;
}

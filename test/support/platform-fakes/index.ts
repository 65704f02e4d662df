import { resetEnvCache } from "@/server/env";
import { installFacebook, installInstagram } from "./meta";
import { installYouTube } from "./google";
import { installTikTok } from "./tiktok";
import { PlatformFakes } from "./server";

export { PlatformFakes } from "./server";
export { graphError } from "./meta";
export { tiktokError } from "./tiktok";

const APPS = {
  instagram: { clientId: "ig-app-1001", clientSecret: "ig-secret-fake" },
  facebook: { clientId: "fb-app-2002", clientSecret: "fb-secret-fake" },
  youtube: { clientId: "1234-forma.apps.googleusercontent.com", clientSecret: "GOCSPX-fake" },
  tiktok: { clientId: "awfakeclientkey", clientSecret: "tt-secret-fake" },
};

/**
 * Starts the four platforms' fakes and points this process's configuration at them (the app
 * credentials, SOCIAL_PLATFORM_BASE_URL, short status polls, 256 KiB upload chunks). `close`
 * puts the configuration back.
 */
export async function startPlatformFakes(): Promise<PlatformFakes & { tiktokScopes: { value: string }; close(): Promise<void> }> {
  const fake = new PlatformFakes();
  Object.assign(fake.apps, APPS);
  installInstagram(fake);
  installFacebook(fake);
  installYouTube(fake);
  installTikTok(fake);
  await fake.start();
  const vars: Record<string, string> = {
    INSTAGRAM_APP_ID: APPS.instagram.clientId,
    INSTAGRAM_APP_SECRET: APPS.instagram.clientSecret,
    FACEBOOK_APP_ID: APPS.facebook.clientId,
    FACEBOOK_APP_SECRET: APPS.facebook.clientSecret,
    GOOGLE_CLIENT_ID: APPS.youtube.clientId,
    GOOGLE_CLIENT_SECRET: APPS.youtube.clientSecret,
    TIKTOK_CLIENT_KEY: APPS.tiktok.clientId,
    TIKTOK_CLIENT_SECRET: APPS.tiktok.clientSecret,
    SOCIAL_PLATFORM_BASE_URL: fake.baseUrl,
    SOCIAL_POLL_INTERVAL_MS: "5",
    SOCIAL_POLLS_PER_ATTEMPT: "3",
    SOCIAL_UPLOAD_CHUNK_BYTES: String(256 * 1024),
  };
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  resetEnvCache();
  const close = fake.close.bind(fake);
  return Object.assign(fake as PlatformFakes & { tiktokScopes: { value: string } }, {
    async close() {
      for (const [k, v] of Object.entries(before))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      resetEnvCache();
      await close();
    },
  });
}

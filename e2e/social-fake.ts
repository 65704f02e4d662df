/**
 * The TikTok fake the console's connect test signs in with (e2e/ui/console-social-connect.spec.ts):
 * its port for the server under test (SOCIAL_PLATFORM_BASE_URL in playwright.config.ts) and the
 * app credentials both sides use. Other platforms stay unconfigured in browser tests.
 */
export const socialFakePort = () => Number(process.env.E2E_PORT ?? 3107) + 20_000;
export const E2E_TIKTOK_APP = { clientId: "awe2eclientkey", clientSecret: "e2e-tiktok-secret" };

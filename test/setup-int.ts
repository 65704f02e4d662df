import { inject } from "vitest";
import { s3Env } from "./support/s3-settings";

// Integration workers talk to the run's database and keep files in its DATA_DIR.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
const s3Endpoint = inject("s3Endpoint");
if (s3Endpoint) Object.assign(process.env, s3Env({ endpoint: s3Endpoint }));
(process.env as Record<string, string>).NODE_ENV = "test";
process.env.LOG_LEVEL ??= "error";
process.env.DB_POOL_MAX ??= "10";
// Console passwords hash at N=2^12 here instead of 2^17 (server/services/console/passwords.ts):
// hundreds of test accounts would otherwise cost minutes of CPU. The unit tests keep 2^17.
process.env.TEST_PASSWORD_LOG_N ??= "12";
// Webhook tests deliver to receivers on 127.0.0.1 (the SSRF test turns this off for itself).
process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ??= "1";

// Media URLs are signed with the installation's key, kept in the run's database.
const { getDb } = await import("@/db/client");
const { loadMediaSigningSecret } = await import("@/server/media/signing");
await loadMediaSigningSecret(getDb());

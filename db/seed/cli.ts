import { env } from "@/server/env";
import { loadMediaSigningSecret } from "@/server/media/signing";
import { bootstrapDatabase } from "../bootstrap";
import { closeDb, getDb } from "../client";
import { stopJobWorker } from "../../server/jobs/worker";
import { seedOrganizationPair } from "./seed";

// npm run --silent seed -- --json: seeds a fresh pair of organizations and prints the run contract's JSON object.
const json = process.argv.includes("--json");
const say = (m: string) => {
  if (!json) console.log(m);
};
process.env.LOG_LEVEL ??= json ? "silent" : "info";

try {
  const { embedded } = await bootstrapDatabase({ log: (m) => say(m) });
  await loadMediaSigningSecret(getDb());
  const result = await seedOrganizationPair(getDb());
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    console.log(`Seeded organizations ${result.organizationId} and ${result.otherOrganizationId}.`);
    console.log(`Team API key: ${result.apiKey}`);
    console.log(`Try: curl -H "X-Api-Key: ${result.apiKey}" http://localhost:${env().PORT}/v1/orgs/${result.organizationId}/workouts`);
  }
  // The export render requests are queued; the server's job worker renders them.
  await stopJobWorker();
  await closeDb();
  if (embedded?.owner) await embedded.stop();
  process.exit(0);
} catch (err) {
  console.error("seed failed:", err instanceof Error ? err.stack : err);
  process.exit(1);
}

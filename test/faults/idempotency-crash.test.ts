import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { idempotencyKeys, nutritionEntries } from "@/db/schema";
import { resetEnvCache } from "@/server/env";
import { createApiKey, createOrganization } from "@/server/services/organizations/create-organization";
import { addMembers } from "@/test/support/members";
import { type ServerProcess, cleanUp, freshDatabase, startApiServer, tempDir } from "./support";

/**
 * An Idempotency-Key write whose server is SIGKILLed between the write and the response. The
 * server kills itself at the named point (FORMA_FAULT_KILL_IDEMPOTENT, read only by this test's
 * servers): right before the transaction that holds the operation's rows and the stored response
 * commits, or right after it committed. A retry with the same key, on a restarted server, must run
 * the write afresh (nothing was committed) or replay the stored answer (everything was), never
 * answer 409 IdempotencyKeyInProgress for a claim nobody holds any more, and one entry must exist.
 *
 * The operation is a nutrition log without externalId, which adds an entry on every execution, so a
 * second execution would show as a second entry. The API runs alone under tsx (test/faults/api-server.ts).
 */
const dataDir = tempDir("idem");
let databaseUrl = "";
let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
let server: ServerProcess | null = null;
let apiKey = "";
let path = "";
let memberId = "";

beforeAll(async () => {
  database = await freshDatabase("fault", dataDir);
  databaseUrl = database.url;
  await runMigrations(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  const organizationId = await createOrganization(getDb(), { name: "Crash Studio", subscriptionPlan: "internal" });
  apiKey = (await createApiKey(getDb(), { organizationId, kind: "team" })).key;
  memberId = (await addMembers(getDb(), organizationId, 1))[0]!.id;
  path = `/v1/orgs/${organizationId}/endusers/${memberId}/nutrition/log`;
}, 300_000);

afterAll(async () => {
  await server?.kill().catch(() => {});
  await closeDb().catch(() => {});
  await database?.drop().catch(() => {});
  await cleanUp(dataDir, []);
});

const entries = async () => Number((await getDb().select({ n: count() }).from(nutritionEntries).where(eq(nutritionEntries.endUserId, memberId)))[0]!.n);

async function logMeal(key: string, caloriesKcal: number) {
  const res = await fetch(`${server!.base}${path}`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ caloriesKcal }),
  });
  return { status: res.status, replayed: res.headers.get("idempotent-replayed"), body: (await res.json()) as any };
}

describe("SIGKILL between an idempotent write and its response", () => {
  for (const point of ["before-commit", "after-commit"] as const) {
    it(`${point}: the retry with the same key runs once or replays, never 409, and one entry exists`, async () => {
      const before = await entries();
      const key = randomUUID();
      const calories = 100 + before;
      server = await startApiServer({ databaseUrl, dataDir, env: { FORMA_FAULT_KILL_IDEMPOTENT: point } });
      // The server kills itself while handling this request: the connection dies without an answer.
      const lost = await logMeal(key, calories).then(
        (r) => r,
        () => null,
      );
      expect(lost, "the server answered instead of dying").toBeNull();
      await new Promise<void>((r) => (server!.child.exitCode !== null || server!.child.signalCode !== null ? r() : server!.child.once("exit", () => r())));
      expect(server.child.signalCode).toBe("SIGKILL");
      const afterCrash = await entries();
      expect([before, before + 1]).toContain(afterCrash);

      server = await startApiServer({ databaseUrl, dataDir, port: server.port });
      const retry = await logMeal(key, calories);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.body.data.day.entries).toBe(before + 1);
      // Whatever the crash left is what the retry reports: the stored answer or a first execution.
      expect(retry.replayed).toBe(afterCrash === before + 1 ? "true" : null);
      expect(await entries()).toBe(before + 1);
      const again = await logMeal(key, calories);
      expect(again.status).toBe(201);
      expect(again.replayed).toBe("true");
      expect(again.body).toEqual(retry.body);
      expect(await entries()).toBe(before + 1);
      const [row] = await getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(row?.status).toBe("done");
      await server.kill();
      server = null;
    }, 120_000);
  }
});

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { instanceSettings } from "@/db/schema";

const cache = new Map<string, Promise<string>>();

/**
 * A secret from the environment, else one generated once per installation and kept in the
 * database, so every server instance and the seed command agree on it. `initial` gives the value
 * to keep when the database has none yet (a secret an earlier version kept elsewhere).
 */
export function installationSecret(db: Db, name: string, fromEnv: string | undefined, initial?: () => string | null): Promise<string> {
  if (fromEnv) return Promise.resolve(fromEnv);
  let p = cache.get(name);
  if (!p) {
    p = (async () => {
      const key = `secret:${name}`;
      await db.insert(instanceSettings).values({ key, value: initial?.() ?? randomBytes(32).toString("base64url") }).onConflictDoNothing();
      const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
      if (!row) throw new Error(`secret ${name} missing`);
      return row.value;
    })();
    p.catch(() => cache.delete(name));
    cache.set(name, p);
  }
  return p;
}

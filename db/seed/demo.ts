import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { env } from "@/server/env";
import { getDb } from "../client";
import { apiKeys } from "../schema";
import { seedOrganizationPair } from "./seed";

interface DemoWorkspace {
  organizationId: string;
  apiKey: string;
  /** Console sign-in of the workspace owner (absent in files written before the console existed). */
  consoleUser?: { email: string; password: string };
}

/**
 * On first start with an empty database, creates the demo workspace. Its key and its owner's
 * console sign-in are kept in DATA_DIR/demo-workspace.json (mode 600) so later starts can print
 * them again; keys and passwords are only stored hashed in the database.
 */
export async function ensureDemoWorkspace(opts: { log: (m: string) => void }): Promise<DemoWorkspace | null> {
  const file = path.join(path.resolve(env().DATA_DIR), "demo-workspace.json");
  const db = getDb();
  const [{ n }] = (await db.select({ n: count() }).from(apiKeys)) as [{ n: number }];
  if (Number(n) > 0) {
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, "utf8")) as DemoWorkspace;
      } catch {
        return null;
      }
    }
    return null;
  }
  opts.log("empty database: creating the demo workspace");
  const seeded = await seedOrganizationPair(db, "Forma Demo");
  const demo = { organizationId: seeded.organizationId, apiKey: seeded.apiKey, consoleUser: seeded.consoleUser };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...demo, otherOrganizationId: seeded.otherOrganizationId, endUser: seeded.endUser }, null, 2));
  chmodSync(file, 0o600);
  return demo;
}


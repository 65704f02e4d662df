import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { getDb } from "../client";
import { apiKeys } from "../schema";
import { seedOrganizationPair } from "./seed";

interface DemoWorkspace {
  organizationId: string;
  apiKey: string;
}

/**
 * On first start with an empty database, creates the demo workspace. Its key is kept in
 * DATA_DIR/demo-workspace.json (mode 600) so later starts can print it again; keys are only
 * stored hashed in the database.
 */
export async function ensureDemoWorkspace(opts: { log: (m: string) => void }): Promise<DemoWorkspace | null> {
  const file = path.join(path.resolve(process.env.DATA_DIR ?? "./.data"), "demo-workspace.json");
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
  const demo = { organizationId: seeded.organizationId, apiKey: seeded.apiKey };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...demo, otherOrganizationId: seeded.otherOrganizationId, endUser: seeded.endUser }, null, 2));
  chmodSync(file, 0o600);
  return demo;
}

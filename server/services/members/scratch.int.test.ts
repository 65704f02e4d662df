import { it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { createLibraryOrg } from "@/test/fixtures";
import { addMembers } from "./test-support";
import { findActiveEndUser } from "@/db/queries/end-users";
it("explain", async () => {
  const org = await createLibraryOrg();
  const db = getDb();
  for (let i = 0; i < 4; i++) await addMembers(db, org.organizationId, 5000);
  await db.execute(sql`analyze end_users`);
  const m = (await addMembers(db, org.organizationId, 1))[0]!;
  const t = performance.now();
  for (let i = 0; i < 50; i++) await findActiveEndUser(db, org.organizationId, m.id);
  console.log("resolve avg ms", ((performance.now() - t) / 50).toFixed(2));
  const plan = await db.execute(sql`explain analyze select * from end_users where organization_id = ${org.organizationId} and status = 'active' and (id = ${m.id} or external_id = ${m.id} or false) limit 2`);
  console.log(plan.map((r: any) => r["QUERY PLAN"]).join("\n"));
}, 120000);

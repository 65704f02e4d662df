import { getDb } from "@/db/client";
import { type LibraryFilters, LibraryBrowser } from "@/components/console/library-browser";
import { requirePrincipal } from "@/server/console/page-principal";
import { LibraryQuery, listWorkspacePlans, listWorkspaceWorkouts } from "@/server/services/content/workspace-library";

// GET /console/library – workouts and plans of the workspace, drafts and private ones included
export default async function LibraryPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const p = await requirePrincipal();
  const sp = await searchParams;
  const tab = sp.tab === "plans" ? "plans" : "workouts";
  const parsed = LibraryQuery.safeParse({ status: sp.status || undefined, limit: 20, offset: 0 });
  const query = parsed.success ? parsed.data : LibraryQuery.parse({});
  const initial = tab === "plans" ? await listWorkspacePlans(getDb(), p.organizationId, query) : await listWorkspaceWorkouts(getDb(), p.organizationId, query);
  const filters: LibraryFilters = { tab, q: "", status: query.status ?? "", visibility: "", difficulty: "", offset: 0 };
  return <LibraryBrowser orgId={p.organizationId} initial={initial} initialFilters={filters} />;
}

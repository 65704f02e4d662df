import type { Metadata } from "next";
import { LibraryGrid } from "@/components/library/library-grid";
import { LibraryShell, MissingOrganization } from "@/components/library/library-shell";
import { loadViewer } from "@/server/http/load-viewer";
import { parseLibraryParams } from "@/lib/library/query";
import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/core/locale";
import { getMemberView, libraryFilterOptions, listViewerWorkouts } from "@/server/services/pages/library";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const p = parseLibraryParams(await searchParams);
  if (!p.orgId) return { title: "Workouts · Forma" };
  const viewer = await loadViewer(p.orgId);
  return { title: `Workouts · ${viewer.organizationName}`, description: `Workouts from ${viewer.organizationName}.` };
}

// GET /workouts?orgId= – the hosted workout library grid, server-rendered, then interactive
export default async function WorkoutsPage({ searchParams }: Props) {
  const p = parseLibraryParams(await searchParams);
  if (!p.orgId) return <MissingOrganization bad={p.badOrgId} kind="workouts" />;
  const viewer = await loadViewer(p.orgId);
  const db = getDb();
  const [initial, options, member] = await Promise.all([
    listViewerWorkouts(db, viewer, { filters: p.filters, locale: p.locale, offset: p.offset }),
    p.flags.showFilters ? libraryFilterOptions(db, p.locale) : Promise.resolve({ categories: [], equipment: [] }),
    getMemberView(db, viewer, { kind: "workouts", locale: p.locale, offset: p.mineOffset }),
  ]);
  const view = { ...p, orgId: p.orgId };
  return (
    <div lang={resolveReadLocale(p.locale)}>
      <LibraryShell kind="workouts" organizationName={viewer.organizationName} view={view} member={member}>
        <LibraryGrid kind="workouts" view={view} initial={initial} options={options} />
      </LibraryShell>
    </div>
  );
}

import type { Metadata } from "next";
import { LibraryGrid } from "@/components/library/library-grid";
import { LibraryShell, MissingOrganization } from "@/components/library/library-shell";
import { loadViewer } from "@/server/http/load-viewer";
import { parseLibraryParams } from "@/lib/library/query";
import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/core/locale";
import { getMemberView, listViewerPlans } from "@/server/services/pages/library";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const p = parseLibraryParams(await searchParams);
  if (!p.orgId) return { title: "Plans · Forma" };
  const viewer = await loadViewer(p.orgId);
  return { title: `Plans · ${viewer.organizationName}`, description: `Training plans from ${viewer.organizationName}.` };
}

// GET /plans?orgId= – the hosted plan library grid, server-rendered, then interactive
export default async function PlansPage({ searchParams }: Props) {
  const p = parseLibraryParams(await searchParams);
  if (!p.orgId) return <MissingOrganization bad={p.badOrgId} kind="plans" />;
  const viewer = await loadViewer(p.orgId);
  const db = getDb();
  const [initial, member] = await Promise.all([
    listViewerPlans(db, viewer, { filters: p.filters, locale: p.locale, offset: p.offset }),
    getMemberView(db, viewer, { kind: "plans", locale: p.locale, offset: p.mineOffset }),
  ]);
  const view = { ...p, orgId: p.orgId };
  return (
    <div lang={resolveReadLocale(p.locale)}>
      <LibraryShell kind="plans" organizationName={viewer.organizationName} view={view} member={member}>
        <LibraryGrid kind="plans" view={view} initial={initial} options={{ categories: [], equipment: [] }} />
      </LibraryShell>
    </div>
  );
}

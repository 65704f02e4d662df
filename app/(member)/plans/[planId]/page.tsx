import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MissingOrganization } from "@/components/library/library-shell";
import { loadViewer, orNotFound } from "@/components/library/load-viewer";
import { PlanDetail } from "@/components/library/plan-detail";
import { PlaybackProvider } from "@/components/library/playback-provider";
import { detailHref, libraryQuery, parseLibraryParams } from "@/components/library/query";
import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { getViewerPlan } from "@/server/services/pages/library";

type Props = { params: Promise<{ planId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const HEX = /^[0-9a-fA-F]{24}$/;

async function load({ params, searchParams }: Props) {
  const { planId } = await params;
  const p = parseLibraryParams(await searchParams);
  if (!p.orgId) return { p, detail: null, viewer: null };
  if (!HEX.test(planId)) notFound();
  const viewer = await loadViewer(p.orgId);
  const detail = await orNotFound(getViewerPlan(getDb(), viewer, planId.toLowerCase(), p.locale));
  return { p, detail, viewer };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { detail, viewer } = await load(props);
  if (!detail || !viewer) return { title: "Plan · Forma" };
  return { title: `${detail.plan.name} · ${viewer.organizationName}`, description: detail.plan.description };
}

// GET /plans/{planId}?orgId= – a plan's weeks and workouts (playbackMode=dedicated-page, share links)
export default async function PlanPage(props: Props) {
  const { p, detail, viewer } = await load(props);
  if (!p.orgId || !detail || !viewer) return <MissingOrganization bad={p.badOrgId} kind="plans" />;
  const view = { ...p, orgId: p.orgId };
  const display = { showDuration: p.flags.showDuration, showDifficulty: p.flags.showDifficulty };
  const hrefBase = libraryQuery({ orgId: p.orgId, locale: p.locale, flags: p.flags, filters: p.filters }).toString();
  return (
    <PlaybackProvider settings={{ organizationId: viewer.organizationId, mode: p.flags.playbackMode, locale: p.locale, signedIn: viewer.member !== null, display, hrefBase }}>
      <main lang={resolveReadLocale(p.locale)} className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
        <nav aria-label="Library">
          <a href={`/plans?${libraryQuery({ ...view, offset: 0 })}`}>← Back to all plans</a>
        </nav>
        <header>
          <p className="text-sm text-muted">{viewer.organizationName}</p>
          <h1 className="text-2xl font-bold sm:text-3xl">{detail.plan.name}</h1>
        </header>
        <PlanDetail detail={detail} workoutHref={(id) => detailHref("workouts", id, view, detail.plan.id)} display={display} />
      </main>
    </PlaybackProvider>
  );
}

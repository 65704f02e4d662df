import Link from "next/link";
import { getDb } from "@/db/client";
import { BarChart, DataTable, RangePicker, Stat, dayLabel, num, pct } from "@/components/console/analytics/charts";
import { pageRange } from "@/app/console/(workspace)/_analytics/range";
import { PageHeader } from "@/components/console/widgets";
import { requirePrincipal } from "@/server/console/page-principal";
import { getOverview } from "@/server/services/analytics/get-overview";
import { listVideoAssets } from "@/server/services/content/list-video-assets";
import { listWorkspacePlans, listWorkspaceWorkouts } from "@/server/services/content/workspace-library";
import { listOrganizationEndUsers } from "@/server/services/members/list-end-users";
import { listMethodologyProfiles } from "@/server/services/personalization/methodologies";

const REASON = { adherence_drop: "Adherence dropped", inactive: "No session for 7+ days" } as const;

// GET /console – the workspace dashboard (the same service as GET /v1/orgs/{org}/analytics/overview)
export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ from?: string; to?: string; interval?: string }> }) {
  const p = await requirePrincipal();
  const { range, problem } = pageRange(await searchParams);
  const db = getDb();
  const page = { limit: 1, offset: 0 } as const;
  const [d, published, drafts, plans, clips, members, dna] = await Promise.all([
    getOverview(db, { organizationId: p.organizationId, range, locale: "en-US" }),
    listWorkspaceWorkouts(db, p.organizationId, { ...page, status: "published" }),
    listWorkspaceWorkouts(db, p.organizationId, { ...page, status: "draft" }),
    listWorkspacePlans(db, p.organizationId, page),
    listVideoAssets(db, p.organizationId, page),
    listOrganizationEndUsers(db, { organizationId: p.organizationId, ...page }),
    listMethodologyProfiles(db, p.organizationId, page),
  ]);
  const cards = [
    { href: "/console/library", label: "Published workouts", value: num(published.total) },
    { href: "/console/library?status=draft", label: "Draft workouts", value: num(drafts.total) },
    { href: "/console/library?tab=plans", label: "Plans", value: num(plans.total) },
    { href: "/console/media", label: "Clips", value: num(clips.total) },
    { href: "/console/members", label: "Members", value: num(members.total) },
    { href: "/console/dna", label: "Programming DNA profiles", value: `${dna.total} / ${dna.limit}` },
  ];
  const content = (rows: typeof d.topContent) =>
    rows.map((r) => [r.name, num(r.starts), num(r.completions), pct(r.completionRate), num(r.minutes)] as (string | number)[]);
  return (
    <>
      <PageHeader
        title={p.organizationName}
        description={`Signed in as ${p.name}${p.email ? ` (${p.email})` : ""}. What your members trained, ${dayLabel(range.from)} to ${dayLabel(range.to)}.`}
      />
      <RangePicker action="/console" from={range.from} to={range.to} interval={range.interval} />
      {problem ? (
        <p role="alert" className="mb-4 text-sm text-warn">
          {problem}
        </p>
      ) : null}
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="kpis">
        <Stat
          label="Active members today"
          value={num(d.activeMembers.day)}
          note={`${num(d.activeMembers.week)} this week · ${num(d.activeMembers.month)} this month`}
        />
        <Stat label="Plays" value={num(d.totals.starts)} note={`${num(d.totals.completions)} played to the end`} />
        <Stat label="Completion rate" value={pct(d.totals.completionRate)} />
        <Stat label="Minutes trained" value={num(Math.round(d.totals.minutes))} />
      </section>
      <section className="mt-4 grid gap-4 lg:grid-cols-2">
        <BarChart
          id="plays"
          title="Plays over time"
          totalLabel="Plays"
          partLabel="Played to the end"
          points={d.series.map((s) => ({ start: s.start, total: s.starts, part: s.completions }))}
        />
        <BarChart
          id="active"
          title={range.interval === "week" ? "Active members per week" : "Active members per day"}
          totalLabel="Members"
          points={d.series.map((s) => ({ start: s.start, total: s.activeMembers }))}
        />
        <BarChart id="minutes" title="Minutes trained" totalLabel="Minutes" points={d.series.map((s) => ({ start: s.start, total: Math.round(s.minutes) }))} />
        <BarChart
          id="api"
          title="API usage (weighted units per day)"
          totalLabel="Units"
          points={d.apiUsage.series.map((s) => ({ start: s.start, total: s.units }))}
        />
      </section>
      <section className="mt-4 grid gap-4 lg:grid-cols-2">
        <DataTable
          caption="Most played"
          csvName="top-content"
          columns={["Workout", "Plays", "To the end", "Completion", "Minutes"]}
          rows={content(d.topContent)}
        />
        <DataTable
          caption="Least completed (3+ plays)"
          csvName="bottom-content"
          columns={["Workout", "Plays", "To the end", "Completion", "Minutes"]}
          rows={content(d.bottomContent)}
        />
      </section>
      <section className="mt-4" data-testid="needs-attention">
        <DataTable
          caption={`Members who need attention (${num(d.needsAttention.total)})`}
          csvName="needs-attention"
          columns={["Member", "Plan", "Adherence, last 30 days", "30 days before", "Last session", "Why"]}
          rows={d.needsAttention.members.map((m) => [
            m.name ?? m.email ?? m.endUserId,
            m.activePlan?.name ?? "–",
            m.adherence.last30Days === null ? "–" : `${m.adherence.last30Days} %`,
            m.adherence.previous30Days === null ? "–" : `${m.adherence.previous30Days} %`,
            m.lastActiveDay ? `${dayLabel(m.lastActiveDay)} (${m.daysInactive} days ago)` : "never",
            m.attentionReasons.map((r) => REASON[r]).join(", "),
          ])}
        />
        <ul className="mt-2 flex flex-wrap gap-3 text-sm">
          {d.needsAttention.members.map((m) => (
            <li key={m.endUserId}>
              <Link href={`/console/members/${m.endUserId}`}>{m.name ?? m.email ?? m.endUserId}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Automation outcomes">
        <Stat
          label="Autopilot runs"
          value={`${num(d.autopilot.succeeded)} succeeded`}
          note={`${num(d.autopilot.failed)} failed · ${num(d.autopilot.skippedLimit + d.autopilot.skippedPremiumLost)} skipped`}
        />
        <Stat label="Social posts" value={`${num(d.social.published)} published`} note={`${num(d.social.failed)} failed`} />
        <Stat label="Exports rendered" value={num(d.exports.rendered)} note={`${num(d.exports.failed)} failed`} />
        <Stat
          label="API usage"
          value={`${num(d.apiUsage.units)} ${d.apiUsage.units === 1 ? "unit" : "units"}`}
          note={`Busiest day ${dayLabel(d.apiUsage.peakDay.day)}: ${pct(d.apiUsage.peakDay.shareOfDailyCap)} of the ${num(d.apiUsage.dailyCap)} daily cap per key`}
        />
      </section>
      <h2 className="mt-6 mb-2 text-lg font-semibold">Your library</h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {cards.map((c) => (
          <li key={c.label}>
            <Link href={c.href} className="block rounded-xl border border-line bg-card p-3 text-ink no-underline hover:border-brand">
              <span className="block text-xs text-muted">{c.label}</span>
              <span className="mt-1 block text-xl font-semibold">{c.value}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3 text-sm">
        <Link href="/console/library/workouts/new">Build a workout</Link>
        <Link href="/console/library/workouts/generate">Generate a workout with AI</Link>
        <Link href="/console/library/plans/new">Build a plan</Link>
        <Link href="/console/media">Upload clips</Link>
      </div>
    </>
  );
}

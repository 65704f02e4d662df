import Link from "next/link";
import { getDb } from "@/db/client";
import { listVideoAssets } from "@/server/services/content/list-video-assets";
import { listWorkspacePlans, listWorkspaceWorkouts } from "@/server/services/content/workspace-library";
import { listOrganizationEndUsers } from "@/server/services/members/list-end-users";
import { listMethodologyProfiles } from "@/server/services/personalization/methodologies";
import { requirePrincipal } from "@/server/console/page-principal";
import { PageHeader } from "@/components/console/widgets";

// GET /console – the workspace at a glance
export default async function OverviewPage() {
  const p = await requirePrincipal();
  const db = getDb();
  const page = { limit: 1, offset: 0 } as const;
  const [published, drafts, plans, clips, members, dna] = await Promise.all([
    listWorkspaceWorkouts(db, p.organizationId, { ...page, status: "published" }),
    listWorkspaceWorkouts(db, p.organizationId, { ...page, status: "draft" }),
    listWorkspacePlans(db, p.organizationId, page),
    listVideoAssets(db, p.organizationId, page),
    listOrganizationEndUsers(db, { organizationId: p.organizationId, ...page }),
    listMethodologyProfiles(db, p.organizationId, page),
  ]);
  const cards = [
    { href: "/console/library", label: "Published workouts", value: published.total },
    { href: "/console/library?status=draft", label: "Draft workouts", value: drafts.total },
    { href: "/console/library?tab=plans", label: "Plans", value: plans.total },
    { href: "/console/media", label: "Clips", value: clips.total },
    { href: "/console/members", label: "Members", value: members.total },
    { href: "/console/dna", label: "Programming DNA profiles", value: `${dna.total} / ${dna.limit}` },
  ];
  return (
    <>
      <PageHeader title={p.organizationName} description={`Signed in as ${p.name}${p.email ? ` (${p.email})` : ""}.`} />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <li key={c.label}>
            <Link href={c.href} className="block rounded-xl border border-line bg-card p-4 text-ink no-underline hover:border-brand">
              <span className="block text-sm text-muted">{c.label}</span>
              <span className="mt-1 block text-3xl font-semibold">{c.value}</span>
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

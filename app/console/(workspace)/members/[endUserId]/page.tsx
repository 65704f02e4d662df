import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { type MemberOverview, MemberDetail } from "@/components/console/member-detail";
import { ApiError } from "@/server/core/errors";
import { requirePrincipal } from "@/server/console/page-principal";
import { getMemberOverview } from "@/server/services/members/get-member-overview";
import { MemberAnalyticsPanel } from "@/app/console/(workspace)/_analytics/panels";
import { pageRange } from "@/app/console/(workspace)/_analytics/range";

// GET /console/members/{endUserId} – a member's library, active plan, sessions and digest
export default async function MemberPage({
  params,
  searchParams,
}: {
  params: Promise<{ endUserId: string }>;
  searchParams: Promise<{ from?: string; to?: string; interval?: string }>;
}) {
  const p = await requirePrincipal();
  const { endUserId } = await params;
  if (!/^[0-9a-f]{24}$/.test(endUserId)) notFound();
  const overview = await getMemberOverview(getDb(), { organizationId: p.organizationId, endUserId, locale: "en-US" }).catch((err) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  // Keyed by status: a suspension or reactivation (router.refresh) remounts it with the new first paint.
  const { range } = pageRange(await searchParams);
  return (
    <>
      <MemberDetail key={overview.member.status} orgId={p.organizationId} canManage={p.role === "owner"} initial={overview as unknown as MemberOverview} />
      {overview.member.status === "active" ? (
        <MemberAnalyticsPanel organizationId={p.organizationId} endUserId={endUserId} range={range} action={`/console/members/${endUserId}`} />
      ) : null}
    </>
  );
}

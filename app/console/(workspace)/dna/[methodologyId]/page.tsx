import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { GenerationsList } from "@/components/console/generations-list";
import { PageHeader } from "@/components/console/widgets";
import { ApiError } from "@/server/core/errors";
import { requirePrincipal } from "@/server/console/page-principal";
import { getMethodologyProfile } from "@/server/services/personalization/methodologies";

// GET /console/dna/{methodologyId} – which generations used a profile (Generation Inspector snapshots)
export default async function MethodologyPage({ params }: { params: Promise<{ methodologyId: string }> }) {
  const p = await requirePrincipal();
  const { methodologyId } = await params;
  if (!/^[0-9a-f]{24}$/.test(methodologyId)) notFound();
  const m = await getMethodologyProfile(getDb(), p.organizationId, methodologyId).catch((err) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  return (
    <>
      <PageHeader
        title={`${m.name} (v${m.version})`}
        description={
          <>
            {m.ruleSummary} <Link href="/console/dna">All profiles</Link>
          </>
        }
      />
      <h2 className="mb-2 text-lg font-semibold">Generations that used this profile</h2>
      <GenerationsList orgId={p.organizationId} methodologyId={m.id} />
    </>
  );
}

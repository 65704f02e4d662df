import { MediaManager } from "@/components/console/media-manager";
import { requirePrincipal } from "@/server/console/page-principal";

// GET /console/media – clip uploads (chunked, resumable), processing state, instruction audio per locale
export default async function MediaPage() {
  const p = await requirePrincipal();
  return <MediaManager orgId={p.organizationId} />;
}

import { SocialManager } from "@/components/console/social-manager";
import { requirePrincipal } from "@/server/console/page-principal";

// GET /console/social – connected accounts, drops with previews, publish automations and their history
export default async function SocialPage() {
  const p = await requirePrincipal();
  return <SocialManager orgId={p.organizationId} isOwner={p.role === "owner"} />;
}

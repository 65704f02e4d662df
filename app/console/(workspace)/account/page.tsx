import { AccountPanel } from "@/components/console/account-panel";
import { requirePrincipal } from "@/server/console/page-principal";

// GET /console/account – the trainer's sessions and password
export default async function AccountPage() {
  const p = await requirePrincipal();
  return <AccountPanel email={p.email} />;
}

import { JsonReceiver } from "@/components/player/json-receiver";

/** A static shell: everything arrives by FORMA_EMBED_INIT from the host. */
export const dynamic = "force-static";

// GET /embed/workout-json-receiver?organizationId= – plays generate or adapt JSON sent by the host (iframe only)
export default function JsonReceiverPage() {
  return <JsonReceiver />;
}

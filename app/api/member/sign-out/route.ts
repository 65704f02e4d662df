import { signOut } from "@/server/http/member-sign-in";
import { pageRoute } from "@/server/routes/page-route";

// POST /api/member/sign-out – sign out from a plain form (no JavaScript), then back to the grid
export const POST = pageRoute(({ req, url }) => signOut(req, url), { allowForm: true });

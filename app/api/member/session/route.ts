import { signIn, signOut } from "@/server/http/member-sign-in";
import { pageRoute } from "@/server/routes/page-route";

// POST /api/member/session – exchange a member access token for the grids' HTTP-only page session cookie
export const POST = pageRoute(({ req, url }) => signIn(req, url), { allowForm: true });

// DELETE /api/member/session – sign out of the grids
export const DELETE = pageRoute(({ req, url }) => signOut(req, url), { allowForm: true });

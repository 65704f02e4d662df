import NextAuth from "next-auth";
import { consoleAuthOptions } from "@/server/services/console/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* – console sign-in and sign-out (NextAuth: CSRF token, credentials callback, session)
const handler = async (req: Request, ctx: Context) => NextAuth(req as never, ctx as never, await consoleAuthOptions());

export { handler as GET, handler as POST };

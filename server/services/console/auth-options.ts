import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { log } from "@/server/core/log";
import { consoleAuthSecret, secureCookies, sessionCookieName } from "./session-cookie";
import { revokeSession, sessionMaxAgeSeconds } from "./sessions";
import { SignInRefused, signInTrainer } from "./sign-in";

/** The first address of X-Forwarded-For (server.ts sets it to the connection's address unless TRUST_PROXY). */
export function clientIp(headers: Record<string, string | string[] | undefined> | undefined): string | null {
  const raw = headers?.["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const first = value?.split(",")[0]?.trim();
  return first ? first : null;
}

/**
 * NextAuth v4 for the console: the Credentials provider (email and password of a trainer), JWT
 * sessions made revocable by the console_sessions row named in the token's `sid`. NextAuth's own
 * double-submit CSRF token guards its sign-in and sign-out posts. Built per request because the
 * secret may come from the database. NextAuth reads its address from NEXTAUTH_URL, which server.ts
 * derives from PUBLIC_BASE_URL at start (applyDerivedEnv).
 */
export async function consoleAuthOptions(): Promise<AuthOptions> {
  const secure = secureCookies();
  const maxAge = sessionMaxAgeSeconds();
  return {
    secret: await consoleAuthSecret(),
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge },
    useSecureCookies: secure,
    cookies: { sessionToken: { name: sessionCookieName(), options: { httpOnly: true, sameSite: "lax", path: "/", secure } } },
    pages: { signIn: "/console/sign-in", error: "/console/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          try {
            const headers = req?.headers as Record<string, string | undefined> | undefined;
            const result = await signInTrainer(getDb(), {
              email: String(credentials?.email ?? ""),
              password: String(credentials?.password ?? ""),
              ip: clientIp(headers),
              userAgent: headers?.["user-agent"] ?? null,
            });
            return { id: result.trainerId, sid: result.sessionId } as never;
          } catch (err) {
            if (err instanceof SignInRefused) {
              if (err.reason === "invalid") return null; // NextAuth reports CredentialsSignin
              throw new Error(err.reason); // the sign-in page words "throttled" and "suspended"
            }
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      // Only the trainer and the session row go into the cookie; everything else is read per request.
      jwt({ token, user }) {
        if (user) return { sub: user.id, sid: (user as unknown as { sid: string }).sid };
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } } as never;
      },
      // Only relative redirects, or ones to this service (no open redirect after sign-in or out).
      redirect({ url, baseUrl }) {
        if (url.startsWith("/")) return `${baseUrl}${url}`;
        return new URL(url).origin === baseUrl ? url : `${baseUrl}/console`;
      },
    },
    events: {
      async signOut({ token }) {
        const sid = (token as { sid?: string } | null)?.sid;
        if (sid) await revokeSession(getDb(), sid);
      },
    },
    logger: {
      error: (code, metadata) => log("warn", "console auth error", { code, message: metadata instanceof Error ? metadata.message : undefined }),
      warn: (code) => log("debug", "console auth warning", { code }),
      debug: () => {},
    },
  };
}

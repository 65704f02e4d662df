import type { Metadata } from "next";
import { safeNext } from "@/server/http/safe-next";

export const metadata: Metadata = { title: "Member sign-in · Forma", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const HEX = /^[0-9a-fA-F]{24}$/;
const ERRORS: Record<string, string> = {
  expired: "This sign-in token has expired or is not valid. Ask the app that sent you here for a new link.",
  refused: "This sign-in token cannot be used for this library.",
};

// GET /sign-in?orgId=&next= – member sign-in without JavaScript: paste the access token your app gave you
export default async function SignInPage({ searchParams }: Props) {
  const sp = await searchParams;
  const orgId = typeof sp.orgId === "string" && HEX.test(sp.orgId) ? sp.orgId.toLowerCase() : "";
  const next = safeNext(typeof sp.next === "string" ? sp.next : null, orgId ? `/workouts?orgId=${orgId}` : "/");
  const error = typeof sp.error === "string" ? ERRORS[sp.error] : undefined;
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Member sign-in</h1>
      <p className="text-muted">
        Your fitness app signs you in with a link. If it gave you an access token instead, paste it here to see the workouts and plans assigned to you and your plan progress.
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-danger/30 bg-red-50 p-3 text-danger">
          {error}
        </p>
      ) : null}
      <form method="post" action="/api/member/session" className="flex flex-col gap-3">
        <input type="hidden" name="orgId" value={orgId} />
        <input type="hidden" name="next" value={next} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Access token
          <textarea name="token" required autoComplete="off" spellCheck={false} className="min-h-28 rounded-lg border border-line bg-card p-2 font-mono text-xs" />
        </label>
        <button type="submit" className="h-10 rounded-lg bg-brand px-4 font-medium text-white hover:bg-brand-strong">
          Sign in
        </button>
      </form>
      <p>
        <a href={next}>Continue without signing in</a>
      </p>
    </main>
  );
}

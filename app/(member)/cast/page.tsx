import type { Metadata } from "next";
import { CastController } from "@/components/cast/cast-controller";
import { CastDisplay } from "@/components/cast/cast-display";
import { LibraryProblem } from "@/components/library/library-shell";
import { loadViewer } from "@/server/http/load-viewer";
import { QueryProvider } from "@/components/query-provider";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const HEX = /^[0-9a-fA-F]{24}$/;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? "";

export const metadata: Metadata = { title: "Cast · Forma", robots: { index: false } };

/**
 * GET /cast?orgId= – the TV display (creates its pairing session from the client, so that loading
 * the page has no side effect for crawlers and link previews); GET /cast?sessionId=&code= – the
 * phone controller the display's QR code opens. Anything else explains what the page needs.
 */
export default async function CastPage({ searchParams }: Props) {
  const q = await searchParams;
  const sessionId = one(q.sessionId);
  const code = one(q.code);
  const orgId = one(q.orgId);
  if (sessionId || code) {
    if (!HEX.test(sessionId) || !/^\d{6}$/.test(code)) {
      return (
        <LibraryProblem title="This cast link is not valid">
          <p>Scan the QR code on the screen again: the link needs the session and its 6-digit code.</p>
        </LibraryProblem>
      );
    }
    return (
      <QueryProvider>
        <CastController sessionId={sessionId.toLowerCase()} code={code} />
      </QueryProvider>
    );
  }
  if (!HEX.test(orgId)) {
    return (
      <LibraryProblem title={orgId ? "This cast link is not valid" : "No organization selected"}>
        <p>
          Open the cast display with the organization&apos;s id, for example <code>/cast?orgId=&lt;organizationId&gt;</code> (24 hexadecimal characters).
        </p>
      </LibraryProblem>
    );
  }
  await loadViewer(orgId.toLowerCase()); // an unknown organization is this segment's 404 page
  return (
    <QueryProvider>
      <CastDisplay orgId={orgId.toLowerCase()} />
    </QueryProvider>
  );
}

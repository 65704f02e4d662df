import "server-only";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { ApiError } from "@/server/core/errors";
import { MEMBER_COOKIE } from "@/server/services/pages/member-sign-in";
import { type Viewer, viewerFor } from "@/server/services/pages/viewer";

/**
 * The viewer of a grid or dedicated page (server components): the organization of `orgId` and
 * the member cookie. An unknown organization renders the segment's not-found page (HTTP 404).
 */
export async function loadViewer(orgId: string): Promise<Viewer> {
  const cookie = (await cookies()).get(MEMBER_COOKIE)?.value;
  try {
    return await viewerFor(getDb(), orgId, cookie);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}

/** Runs a page read; its 404 becomes the segment's not-found page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}

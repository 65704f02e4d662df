import { publicBaseUrl } from "@/server/env";

/** The list envelope: `{ data, links: { next?, total } }` with `next` an absolute URL. */
export interface ListResult<T> {
  data: T[];
  links: { next?: string; total: number };
}

export function pageLinks(requestUrl: string, args: { limit: number; offset: number; total: number }): { next?: string; total: number } {
  const { limit, offset, total } = args;
  if (offset + limit >= total) return { total };
  return { next: followingUrl(requestUrl, { limit, offset: offset + limit }), total };
}

/**
 * The request's path and query at the service's public address (PUBLIC_BASE_URL, as clients reach
 * it behind a proxy) with `set` replacing those query parameters.
 */
function followingUrl(requestUrl: string, set: Record<string, number>): string {
  const url = new URL(requestUrl);
  const next = new URL(url.pathname + url.search, publicBaseUrl());
  for (const [name, value] of Object.entries(set)) next.searchParams.set(name, String(value));
  return next.toString();
}

export function listResult<T>(requestUrl: string, data: T[], args: { limit: number; offset: number; total: number }): ListResult<T> {
  return { data, links: pageLinks(requestUrl, args) };
}

/**
 * `links` for the page-based lists (the chat's `page` and `limit`): `next` is the same request
 * with the following page, absent on the last one.
 */
export function pageNumberLinks(requestUrl: string, args: { page: number; limit: number; total: number }): { next?: string; total: number } {
  if (args.page * args.limit >= args.total) return { total: args.total };
  return { next: followingUrl(requestUrl, { page: args.page + 1, limit: args.limit }), total: args.total };
}

/** What a list service returns: one page (`items` or `data`), the number of matches, and any extra fields. */
type ServicePage = { total: number } & ({ items: unknown[] } | { data: unknown[] });
type ItemOf<P> = P extends { items: (infer T)[] } ? T : P extends { data: (infer T)[] } ? T : never;

/**
 * The list envelope of a service's page for this request: `data`, `links` from the request's
 * `limit` and `offset`, then the service's extra fields (`explanation`). Services stay free of
 * request URLs; route files bind a list operation to its service through this.
 */
export function listResponse<P extends ServicePage>(
  url: URL,
  query: { limit: number; offset: number },
  page: P,
): ListResult<ItemOf<P>> & Omit<P, "items" | "data" | "total"> {
  const { total, ...rest } = page;
  const { items, data, ...extra } = rest as { items?: unknown[]; data?: unknown[] };
  const list = listResult(url.toString(), (items ?? data) as ItemOf<P>[], { limit: query.limit, offset: query.offset, total });
  return { ...list, ...(extra as Omit<P, "items" | "data" | "total">) };
}

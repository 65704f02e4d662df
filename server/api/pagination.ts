/** The list envelope: `{ data, links: { next?, total } }` with `next` an absolute URL. */
export interface ListResult<T> {
  data: T[];
  links: { next?: string; total: number };
}

export function pageLinks(requestUrl: string, args: { limit: number; offset: number; total: number }): { next?: string; total: number } {
  const { limit, offset, total } = args;
  if (offset + limit >= total) return { total };
  const url = new URL(requestUrl);
  const base = process.env.PUBLIC_BASE_URL;
  const next = base ? new URL(url.pathname + url.search, base) : url;
  next.searchParams.set("limit", String(limit));
  next.searchParams.set("offset", String(offset + limit));
  return { next: next.toString(), total };
}

export function listResult<T>(requestUrl: string, data: T[], args: { limit: number; offset: number; total: number }): ListResult<T> {
  return { data, links: pageLinks(requestUrl, args) };
}

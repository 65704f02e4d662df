/**
 * Where a sign-in or sign-out may send the browser next: only a path of this site. The candidate is
 * resolved the way a browser resolves a Location header (tabs and newlines dropped, backslashes
 * read as slashes), so `//evil.example`, `/\evil.example` and `/<tab>/evil.example` all fall back;
 * the answer is the normalized path, query and fragment.
 */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next?.startsWith("/")) return fallback;
  const base = "http://same.origin.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

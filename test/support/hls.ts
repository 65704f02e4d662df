/** Reading HLS packages in tests the way a player does: playlists' URIs and signed GETs. */

/** The URIs of a playlist: lines that are not tags, and `URI="..."` attributes. */
export function urisOf(text: string): string[] {
  return text.split("\n").flatMap((line) => {
    if (!line.trim()) return [];
    if (line.startsWith("#")) return [...line.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!);
    return [line.trim()];
  });
}

/** A GET of a (signed) URL: status, content type and body. */
export async function fetchBytes(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
}

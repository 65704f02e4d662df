import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Which characters the font bundled with `next/og` (Geist, Latin) can draw. Satori fetches a
 * fallback font from Google Fonts for any character its fonts lack, which fails offline and is a
 * network call we never want from a render job; covers therefore only ever get text this font
 * covers (see coverText in render-cover.tsx). Read from the font's own cmap table, so the check
 * follows whatever font the installed Next ships.
 */
let covered: Set<number> | null = null;

/**
 * Found next to `next/og`'s engine. Resolved from the `next` package's own manifest rather than
 * the font file itself, so bundlers (Turbopack bundles this for the Inngest route) leave it alone.
 */
export function bundledFontPath(): string {
  const nextRoot = path.dirname(createRequire(import.meta.url).resolve("next/package.json"));
  return path.join(nextRoot, "dist", "compiled", "@vercel", "og", "Geist-Regular.ttf");
}

/** Code points mapped to a glyph by a TrueType/OpenType font's cmap (formats 4 and 12). */
export function cmapCodePoints(font: Buffer): Set<number> {
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (font.toString("latin1", rec, rec + 4) === "cmap") cmap = font.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error("font has no cmap table");
  const subtables: { platform: number; encoding: number; offset: number }[] = [];
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const rec = cmap + 4 + i * 8;
    subtables.push({ platform: font.readUInt16BE(rec), encoding: font.readUInt16BE(rec + 2), offset: cmap + font.readUInt32BE(rec + 4) });
  }
  const points = new Set<number>();
  for (const { offset } of subtables) {
    const format = font.readUInt16BE(offset);
    if (format === 12) {
      const groups = font.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + g * 12;
        const start = font.readUInt32BE(at);
        const end = font.readUInt32BE(at + 4);
        for (let c = start; c <= end; c++) points.add(c);
      }
    } else if (format === 4) {
      const segCount = font.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segCount * 2 + 2;
      const deltas = starts + segCount * 2;
      const rangeOffsets = deltas + segCount * 2;
      for (let s = 0; s < segCount; s++) {
        const end = font.readUInt16BE(ends + s * 2);
        const start = font.readUInt16BE(starts + s * 2);
        const delta = font.readUInt16BE(deltas + s * 2);
        const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const raw = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) points.add(c);
        }
      }
    }
  }
  return points;
}

/** True when the bundled font draws every non-space character of `text`. */
export function fontCovers(text: string): boolean {
  covered ??= cmapCodePoints(readFileSync(bundledFontPath()));
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    if (!covered.has(ch.codePointAt(0)!)) return false;
  }
  return true;
}

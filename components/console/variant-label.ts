/** A variant's name as a trainer reads it: `9:16_15000` (aspect and length in ms) is "9:16 · 15 s". */
export function variantLabel(name: string): string {
  const m = /^(\d+:\d+)_(\d+)$/.exec(name);
  if (!m) return name;
  const seconds = Number(m[2]) / 1000;
  return `${m[1]} · ${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

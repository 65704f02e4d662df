import type { ReactNode } from "react";

/**
 * Analytics charts as server-rendered SVG (no client script, nothing for the CSP to refuse): every
 * bar carries its number as text or a <title>, series are told apart by pattern and label as
 * well as colour, and each chart sits next to a table with the same numbers.
 */

/** An axis maximum rounded up to 1, 2 or 5 times a power of ten. */
export function niceCeil(n: number): number {
  if (n <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5]) if (m * p >= n) return m * p;
  return 10 * p;
}

export const dayLabel = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }) : day;
export const pct = (r: number | null) => (r === null ? "–" : `${Math.round(r * 100)} %`);
export const num = (n: number) => new Intl.NumberFormat("en").format(n);

export interface BarPoint {
  start: string;
  /** The full bar (e.g. plays). */
  total: number;
  /** The part drawn solid inside it (e.g. completed plays); the rest is hatched. */
  part?: number;
}

/** Bars per bucket: `total` hatched, `part` solid over it; a legend names both. */
export function BarChart({
  title,
  points,
  totalLabel,
  partLabel,
  id,
}: {
  title: string;
  points: BarPoint[];
  totalLabel: string;
  partLabel?: string;
  id: string;
}) {
  const w = 720;
  const h = 180;
  const max = niceCeil(Math.max(1, ...points.map((p) => p.total)));
  const ticks = [0, 0.5, 1].map((f) => ({ value: max * f, label: num(max * f) }));
  // The axis labels' room grows with their length (about 6 units a character at 10 px): 1,000,000 is not cut.
  const pad = { l: Math.max(36, 8 + 6 * Math.max(...ticks.map((t) => t.label.length))), b: 22, t: 8 };
  const bw = (w - pad.l) / Math.max(1, points.length);
  const y = (v: number) => pad.t + (h - pad.t - pad.b) * (1 - v / max);
  const every = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure className="rounded-xl border border-line bg-card p-3" data-chart={id}>
      <figcaption className="mb-2 flex flex-wrap items-center gap-4 text-sm">
        <span className="font-medium">{title}</span>
        <Legend swatch="hatch" label={totalLabel} id={id} />
        {partLabel ? <Legend swatch="solid" label={partLabel} id={id} /> : null}
      </figcaption>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}: ${points.length} bars, highest ${num(Math.max(0, ...points.map((p) => p.total)))}`}
      >
        <Patterns id={id} />
        {ticks.map((t) => (
          <g key={t.value}>
            <line x1={pad.l} x2={w} y1={y(t.value)} y2={y(t.value)} className="stroke-line" strokeDasharray="2 3" />
            <text x={pad.l - 4} y={y(t.value) + 4} textAnchor="end" className="fill-muted text-[10px]">
              {t.label}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = pad.l + i * bw + bw * 0.12;
          const bwi = Math.max(1, bw * 0.76);
          return (
            <g key={p.start}>
              <title>{`${dayLabel(p.start)}: ${num(p.total)} ${totalLabel.toLowerCase()}${p.part !== undefined ? `, ${num(p.part)} ${partLabel?.toLowerCase()}` : ""}`}</title>
              <rect
                x={x}
                y={y(p.total)}
                width={bwi}
                height={Math.max(0, y(0) - y(p.total))}
                fill={`url(#${id}-hatch)`}
                className="stroke-brand"
                strokeWidth={0.5}
              />
              {p.part !== undefined ? <rect x={x} y={y(p.part)} width={bwi} height={Math.max(0, y(0) - y(p.part))} className="fill-brand" /> : null}
              {i % every === 0 ? (
                <text x={x + bwi / 2} y={h - 6} textAnchor="middle" className="fill-muted text-[10px]">
                  {dayLabel(p.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

function Patterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" className="fill-card" />
        <line x1="0" y1="0" x2="0" y2="6" className="stroke-brand" strokeWidth="2" />
      </pattern>
    </defs>
  );
}

function Legend({ swatch, label, id }: { swatch: "hatch" | "solid"; label: string; id: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-muted">
      <svg width="14" height="14" aria-hidden="true">
        {swatch === "hatch" ? <Patterns id={`${id}-legend`} /> : null}
        <rect
          width="14"
          height="14"
          fill={swatch === "hatch" ? `url(#${id}-legend-hatch)` : undefined}
          className={swatch === "solid" ? "fill-brand" : "stroke-brand"}
        />
      </svg>
      {label}
    </span>
  );
}

export interface TimelineSegment {
  position: number;
  name: string;
  startSecond: number;
  durationSeconds: number;
  reached: number;
  stopped: number;
}

/**
 * Drop-off drawn on the workout's own timeline: one block per playlist segment, as wide as the
 * segment lasts and as tall as the share of finished sessions that reached it; segments where
 * sessions stopped are labelled with the count.
 */
export function DropOffTimeline({ segments, finished }: { segments: TimelineSegment[]; finished: number }) {
  const w = 720;
  const h = 160;
  const total = segments.reduce((a, s) => Math.max(a, s.startSecond + s.durationSeconds), 1);
  const x = (s: number) => (s / total) * w;
  const base = Math.max(1, finished);
  const y = (v: number) => 12 + (h - 40) * (1 - v / base);
  return (
    <figure className="rounded-xl border border-line bg-card p-3" data-chart="drop-off">
      <figcaption className="mb-2 text-sm font-medium">Where members stop, along the workout ({Math.round(total / 60)} min)</figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className="h-auto w-full" role="img" aria-label={`Drop-off along ${segments.length} segments`}>
        {segments.map((s) => (
          <g key={s.position} data-segment={s.position}>
            <title>{`${s.name} at ${Math.floor(s.startSecond / 60)}:${String(s.startSecond % 60).padStart(2, "0")}: ${num(s.reached)} reached, ${num(s.stopped)} stopped here`}</title>
            <rect
              x={x(s.startSecond)}
              y={y(s.reached)}
              width={Math.max(1, x(s.durationSeconds) - 1)}
              height={Math.max(0, y(0) - y(s.reached))}
              className="fill-brand opacity-70"
            />
            {s.stopped > 0 ? (
              <text x={x(s.startSecond) + 2} y={y(s.reached) - 3} className="fill-ink text-[10px]">
                −{num(s.stopped)}
              </text>
            ) : null}
          </g>
        ))}
        <line x1={0} x2={w} y1={y(0)} y2={y(0)} className="stroke-line" />
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <text key={f} x={Math.min(w - 24, f * w)} y={h - 8} className="fill-muted text-[10px]">
            {`${Math.round((f * total) / 60)} min`}
          </text>
        ))}
      </svg>
    </figure>
  );
}

/** A table of rows with a CSV download of the same cells (a data: link, built on the server). */
export function DataTable({ caption, columns, rows, csvName }: { caption: string; columns: string[]; rows: (string | number)[][]; csvName: string }) {
  const csv = [columns, ...rows].map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(",")).join("\n");
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-card" data-table={csvName}>
      <div className="flex items-center justify-between gap-2 px-3 pt-3">
        <h3 className="text-sm font-medium">{caption}</h3>
        <a className="text-sm" download={`${csvName}.csv`} href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}>
          Download CSV
        </a>
      </div>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium text-muted">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-2 text-muted">
                Nothing in this range.
              </td>
            </tr>
          ) : (
            rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reorder
              <tr key={i} className="border-t border-line">
                {r.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={j} className="px-3 py-2">
                    {c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A figure card: label, value, an optional note. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-card p-4">
      <span className="block text-sm text-muted">{label}</span>
      <span className="mt-1 block text-2xl font-semibold">{value}</span>
      {note ? <span className="mt-1 block text-xs text-muted">{note}</span> : null}
    </div>
  );
}

/**
 * The date-range picker: a plain GET form (from, to, interval), so the server renders the new
 * range's first paint and it works without script.
 */
export function RangePicker({ from, to, interval, action }: { from: string; to: string; interval: "day" | "week"; action: string }) {
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-3 text-sm" aria-label="Date range">
      <label className="flex flex-col gap-1">
        <span className="text-muted">From</span>
        <input type="date" name="from" defaultValue={from} className="rounded-md border border-line bg-card px-2 py-1" />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-muted">To</span>
        <input type="date" name="to" defaultValue={to} className="rounded-md border border-line bg-card px-2 py-1" />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-muted">Group by</span>
        <select name="interval" defaultValue={interval} className="rounded-md border border-line bg-card px-2 py-1">
          <option value="day">Day</option>
          <option value="week">Week</option>
        </select>
      </label>
      <button type="submit" className="rounded-md border border-brand px-3 py-1 text-brand">
        Show
      </button>
    </form>
  );
}

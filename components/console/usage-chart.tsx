"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage } from "./api";
import { formatDate } from "./widgets";

interface Window {
  used: number;
  cap: number;
  /** Unix seconds; null while no window is open (the key's next request starts one). */
  reset: number | null;
}
interface Bucket {
  /** Start of the UTC hour or day (ISO). */
  start: string;
  units: number;
  requests: number;
}
interface Series {
  from: string;
  to: string;
  units: number;
  requests: number;
  buckets: Bucket[];
}
export interface Usage {
  plan: string;
  isTrial: boolean;
  caps: { hourly: number; daily: number };
  keys: { id: string; name: string; prefix: string; kind: string; hourly: Window; daily: Window }[];
  /** The workspace's units per UTC hour, oldest first (24 buckets). */
  last24Hours: Series;
  /** The workspace's units per UTC day, oldest first (30 buckets). */
  last30Days: Series;
}

const fmt = (n: number) => new Intl.NumberFormat("en", { notation: n >= 100_000 ? "compact" : "standard" }).format(n);
const exact = (n: number) => new Intl.NumberFormat("en").format(n);

/** Bucket labels in UTC (the buckets are UTC hours and days), the same on the server's first paint and in the browser. */
const hourLabel = (iso: string) => `${iso.slice(11, 16)}`;
const dayLabel = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** An axis maximum rounded up to 1, 2 or 5 times a power of ten. */
function niceCeil(n: number): number {
  if (n <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5]) if (m * p >= n) return m * p;
  return 10 * p;
}

/** A share of a cap in words: "<0.01 %" rather than a rounded 0 for any use at all. */
function shareOf(units: number, cap: number): string {
  if (cap <= 0) return "–";
  const pct = (units / cap) * 100;
  if (units > 0 && pct < 0.01) return "<0.01 %";
  return `${pct < 10 ? pct.toFixed(2) : Math.round(pct)} %`;
}

/**
 * One series as a bar chart over time against a cap, with its data as a table (visually hidden
 * until asked for, always there for screen readers). The axis is scaled to the data; the cap line
 * is drawn once the busiest bucket comes within half of the cap, since a cap of millions would
 * flatten every bar of an ordinary workspace; the caption states the share of the cap either way.
 */
function SeriesChart({
  title,
  series,
  cap,
  bucketName,
  label,
  tickEvery,
}: {
  title: string;
  series: Series;
  cap: number;
  /** "hour" or "day", for the texts. */
  bucketName: string;
  label: (iso: string) => string;
  tickEvery: number;
}) {
  const id = useId();
  const per = bucketName === "hour" ? "an hour" : "a day";
  const [showTable, setShowTable] = useState(false);
  const buckets = series.buckets;
  const busiest = buckets.reduce<Bucket | null>((a, b) => (b.units > (a?.units ?? 0) ? b : a), null);
  const peak = busiest?.units ?? 0;
  const showCap = cap > 0 && peak >= cap / 2;
  const max = showCap ? Math.max(cap * 1.1, peak) : niceCeil(peak);
  const height = 60;
  const slot = 10;
  const y = (units: number) => height - (units / max) * (height - 4);
  const summary = busiest
    ? `${exact(series.units)} units in ${exact(series.requests)} requests; busiest ${bucketName} ${label(busiest.start)} with ${exact(peak)} units (${shareOf(peak, cap)} of a key's cap of ${exact(cap)} ${per}).`
    : `No requests. A key's cap is ${exact(cap)} units ${per}.`;
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0" data-usage-series={bucketName}>
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-medium">
          {title}
        </h3>
        <p id={`${id}-summary`} className="text-xs text-muted">
          {summary}
        </p>
      </figcaption>
      <div className="mt-2 flex items-stretch gap-1">
        <div className="flex w-10 shrink-0 flex-col justify-between text-right text-[10px] tabular-nums text-muted" aria-hidden="true">
          <span>{fmt(max)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${buckets.length * slot} ${height}`}
          preserveAspectRatio="none"
          className="h-32 min-w-0 flex-1 rounded border border-line"
          role="img"
          aria-label={`${title}: ${summary}`}
          aria-describedby={`${id}-table`}
        >
          {buckets.map((b, i) => {
            const top = b.units > 0 ? Math.min(y(b.units), height - 0.8) : height;
            return (
              <rect
                key={b.start}
                x={i * slot + 1}
                y={top}
                width={slot - 2}
                height={height - top}
                className={showCap && b.units >= cap ? "fill-danger" : "fill-brand"}
              >
                <title>{`${label(b.start)}: ${exact(b.units)} units, ${exact(b.requests)} requests`}</title>
              </rect>
            );
          })}
          {showCap ? (
            <line
              x1={0}
              x2={buckets.length * slot}
              y1={y(cap)}
              y2={y(cap)}
              className="stroke-danger"
              strokeDasharray="4 3"
              vectorEffect="non-scaling-stroke"
              data-cap-line
            />
          ) : null}
        </svg>
      </div>
      <div
        className="ml-11 grid overflow-hidden text-[10px] text-muted"
        style={{ gridTemplateColumns: `repeat(${buckets.length}, minmax(0, 1fr))` }}
        aria-hidden="true"
      >
        {buckets.map((b, i) => {
          // Counted from the newest bucket, which is always labelled (flush right, so it stays inside the chart).
          const from = buckets.length - 1 - i;
          return (
            <span key={b.start} className={from === 0 ? "justify-self-end whitespace-nowrap" : "justify-self-center whitespace-nowrap"}>
              {from % tickEvery === 0 ? label(b.start) : ""}
            </span>
          );
        })}
      </div>
      <p className="mt-1 text-xs text-muted">
        {showCap ? "Dashed line: a key's cap. " : ""}Caps apply per key; the bars add up every key of the workspace (and member tokens).{" "}
        <Button size="sm" variant="secondary" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable(!showTable)}>
          {showTable ? "Hide the numbers" : "Show the numbers"}
        </Button>
      </p>
      {/* Visually hidden until asked for (a clipped box, never display:none): screen readers always have the numbers. */}
      <div id={`${id}-table`} data-usage-table className={showTable ? "mt-2" : "sr-only"}>
        <table className="w-full text-left text-xs tabular-nums">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{bucketName === "hour" ? "Hour (UTC)" : "Day (UTC)"}</th>
              <th scope="col">Units</th>
              <th scope="col">Requests</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start} data-bucket-start={b.start} className="border-t border-line">
                <th scope="row" className="font-normal">
                  {label(b.start)}
                </th>
                <td>{exact(b.units)}</td>
                <td>{exact(b.requests)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Bar({ label, w }: { label: string; w: Window }) {
  const share = w.cap > 0 ? w.used / w.cap : 0;
  const pct = Math.min(100, share * 100);
  // At least a sliver for any use, so a small share against a huge cap stays visible.
  const width = w.used > 0 ? Math.max(pct, 0.8) : 0;
  const tone = share >= 0.9 ? "fill-danger" : share >= 0.7 ? "fill-warn" : "fill-brand";
  return (
    <div className="grid grid-cols-[4.5rem_1fr] items-center gap-2 text-xs sm:grid-cols-[4.5rem_1fr_12rem]">
      <span className="text-muted">{label}</span>
      <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="h-3 w-full" role="img" aria-label={`${label}: ${fmt(w.used)} of ${fmt(w.cap)} units`}>
        <rect x="0" y="0" width="100" height="6" rx="3" className="fill-line" />
        <rect x="0" y="0" width={width} height="6" rx="3" className={tone} />
      </svg>
      <span className="col-span-2 tabular-nums sm:col-span-1">
        {fmt(w.used)} / {fmt(w.cap)}
        {w.reset === null ? " · no requests in this window" : ` · resets ${formatDate(new Date(w.reset * 1000).toISOString())}`}
      </span>
    </div>
  );
}

/**
 * Usage against the plan's caps: the workspace's units per hour over the last 24 hours and per
 * day over the last 30 (from the usage service's hourly buckets), and every live key's current
 * hourly and daily windows (caps apply per key, as the rate limiter counts them). The data comes
 * from one server function (getWorkspaceUsage).
 */
export function UsageChart({ orgId, initial }: { orgId: string; initial: Usage }) {
  const usage = useQuery({
    queryKey: ["usage", orgId],
    queryFn: () => consoleFetch<Usage>(`/api/console/orgs/${orgId}/usage`),
    initialData: initial,
    refetchInterval: 30_000,
  });
  if (usage.isError) return <p role="alert">{errorMessage(usage.error)}</p>;
  if (!usage.data) return <Spinner />;
  const u = usage.data;
  return (
    <section aria-label="Usage" className="rounded-xl border border-line bg-card p-4">
      <h2 className="text-lg font-semibold">Usage</h2>
      <p className="mb-3 text-sm text-muted">
        Plan {u.plan}
        {u.isTrial ? " (trial: 1/100 of the caps)" : ""}: {fmt(u.caps.hourly)} units an hour and {fmt(u.caps.daily)} a day per key.
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SeriesChart title="Units per hour, last 24 hours" series={u.last24Hours} cap={u.caps.hourly} bucketName="hour" label={hourLabel} tickEvery={6} />
        <SeriesChart title="Units per day, last 30 days" series={u.last30Days} cap={u.caps.daily} bucketName="day" label={dayLabel} tickEvery={7} />
      </div>
      <h3 className="mt-6 mb-2 text-sm font-medium">Each key's current windows</h3>
      {u.keys.length === 0 ? <p className="text-sm text-muted">No live keys.</p> : null}
      <ul className="flex flex-col gap-3">
        {u.keys.map((k) => (
          <li key={k.id} data-usage-key-id={k.id}>
            <p className="text-sm font-medium">
              {k.name} <span className="font-mono text-xs text-muted">{k.prefix}…</span>
            </p>
            <Bar label="This hour" w={k.hourly} />
            <Bar label="Today" w={k.daily} />
          </li>
        ))}
      </ul>
    </section>
  );
}

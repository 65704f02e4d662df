import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { metrics } from "@/server/observability/metrics";

/** The shipped Grafana dashboard queries only series that /metrics exposes, and covers each area. */
describe("deploy/grafana-dashboard.json", () => {
  const dashboard = JSON.parse(readFileSync(path.join(import.meta.dirname, "grafana-dashboard.json"), "utf8")) as {
    panels: { type: string; title: string; targets?: { expr: string }[] }[];
  };
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

  it("queries metric names the registry has", async () => {
    const known = new Set((await metrics().registry.getMetricsAsJSON()).map((m) => m.name));
    const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b((?:forma|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) {
      const base = name.replace(/_(bucket|count|sum)$/, "");
      expect(known.has(name) || known.has(base), `${name} is not a metric of the registry`).toBe(true);
    }
  });

  it("has the rows operators look for", () => {
    const rows = dashboard.panels.filter((p) => p.type === "row").map((p) => p.title);
    for (const r of ["Traffic", "Latency", "Errors", "Database pool", "Jobs", "Renders", "Cast, webhooks, AI"]) expect(rows).toContain(r);
  });
});

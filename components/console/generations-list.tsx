"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { Badge, Pager, formatDate } from "./widgets";

interface GenerationRow {
  generationId: string;
  kind: string;
  engine: string;
  createdAt: string;
  methodologyVersion: string | null;
  reason: string | null;
  complianceStatus: string | null;
  hardRulesApplied: number;
  violations: number;
}

/** The Generation Inspector snapshots that used one profile, each viewable in full. */
export function GenerationsList({ orgId, methodologyId }: { orgId: string; methodologyId: string }) {
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ["generations", orgId, methodologyId, offset],
    queryFn: () => consoleFetch<{ items: GenerationRow[]; total: number }>(`/api/console/orgs/${orgId}/methodologies/${methodologyId}/generations${qs({ limit: 20, offset })}`),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    queryKey: ["generation", orgId, open],
    queryFn: () => consoleFetch<Record<string, unknown>>(`/api/console/orgs/${orgId}/generations/${open}`),
    enabled: open !== null,
  });
  if (list.isError) return <p role="alert">{errorMessage(list.error)}</p>;
  if (!list.data) return <Spinner label="Loading generations" />;
  return (
    <>
      {list.data.items.length === 0 ? (
        <p className="rounded-xl border border-line bg-card p-6 text-center text-muted">No generation has used this profile yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((g) => (
            <li key={g.generationId} data-generation-id={g.generationId} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card p-3 text-sm">
              <span className="font-medium">{g.kind}</span>
              <Badge tone={g.complianceStatus === "compliant" ? "good" : g.complianceStatus === "partial" ? "warn" : "neutral"}>{g.complianceStatus ?? "unknown"}</Badge>
              <span className="text-muted">
                v{g.methodologyVersion ?? "?"} · {g.engine} · {g.hardRulesApplied} rules · {g.violations} violations · {formatDate(g.createdAt)}
              </span>
              <Button size="sm" variant="ghost" onClick={() => setOpen(g.generationId)}>
                Inspect
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Generations" offset={offset} limit={20} total={list.data.total} onChange={setOffset} />
      <Dialog open={open !== null} onClose={() => setOpen(null)} title="Generation Inspector snapshot" className="w-[min(860px,calc(100vw-1rem))]">
        {detail.data ? <pre className="max-h-[65vh] overflow-auto text-xs">{JSON.stringify(detail.data, null, 2)}</pre> : <Spinner />}
      </Dialog>
    </>
  );
}

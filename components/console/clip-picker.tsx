"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { Badge, Pager, formatDuration } from "./widgets";

export interface PickedClip {
  id: string;
  name: string;
  kind: string;
  durationSeconds: number;
  thumbnailUrl: string | null;
  source: "workspace" | "stock";
  tier: "free" | "premium" | null;
  locked: boolean;
}

const LIMIT = 12;

/** Picks a clip of one kind from the workspace's clips or the stock catalog (paginated, searchable). */
export function ClipPicker({ orgId, kind, open, onClose, onPick }: { orgId: string; kind: string; open: boolean; onClose: () => void; onPick: (clip: PickedClip) => void }) {
  const [source, setSource] = useState<"workspace" | "stock">("workspace");
  const [q, setQ] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const query = useQuery({
    queryKey: ["clips", orgId, kind, source, search, offset],
    queryFn: () => consoleFetch<{ items: PickedClip[]; total: number }>(`/api/console/orgs/${orgId}/clips${qs({ source, kind, q: search, limit: LIMIT, offset })}`),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Dialog open={open} onClose={onClose} title={`Add a ${kind.replace("-", " ")} clip`} className="w-[min(760px,calc(100vw-1rem))]">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {(["workspace", "stock"] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={source === s}
              className={buttonClass(source === s ? "primary" : "secondary", "sm")}
              onClick={() => {
                setSource(s);
                setOffset(0);
              }}
            >
              {s === "workspace" ? "Workspace clips" : "Stock catalog"}
            </button>
          ))}
        </div>
        <form
          aria-label="Search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(q);
            setOffset(0);
          }}
          className="flex gap-2"
        >
          <Input aria-label="Search clips" placeholder="Search clips" value={q} onChange={(e) => setQ(e.target.value)} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        {query.isError ? <p role="alert" className="text-danger">{errorMessage(query.error)}</p> : null}
        {!query.data ? (
          <Spinner label="Loading clips" />
        ) : query.data.items.length === 0 ? (
          <p className="text-muted">No clips of this kind{search ? " match" : ""}.</p>
        ) : (
          <ul className="grid max-h-[50vh] grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2">
            {query.data.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  disabled={c.locked}
                  onClick={() => onPick(c)}
                  className="flex w-full items-center gap-3 rounded-lg border border-line p-2 text-left hover:border-brand disabled:opacity-50"
                  data-clip-id={c.id}
                >
                  {c.thumbnailUrl ? (
                    // biome-ignore lint/performance/noImgElement: media route images
                    <img src={c.thumbnailUrl} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
                  ) : (
                    <span className="h-12 w-16 shrink-0 rounded bg-line" />
                  )}
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{c.name}</span>
                    <span className="flex flex-wrap gap-1 text-xs text-muted">
                      {formatDuration(c.durationSeconds)}
                      {c.tier ? <Badge tone={c.tier === "premium" ? "warn" : "neutral"}>{c.tier}</Badge> : null}
                      {c.locked ? <Badge tone="bad">needs premium</Badge> : null}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {query.data ? <Pager label="Clips" offset={offset} limit={LIMIT} total={query.data.total} onChange={setOffset} /> : null}
      </div>
    </Dialog>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { apiJson, asPlayerError } from "@/components/player/api";
import { QueryProvider } from "@/components/query-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { PlanDetailView } from "@/lib/library/cards";
import LibraryPlayer from "./library-player";
import { PlanDetail } from "./plan-detail";
import type { OpenItem, PlaybackSettings } from "./playback-types";

/**
 * The grids' overlay (a lazily loaded chunk): the player or a plan's weeks in a modal dialog over
 * the grid. Playing a workout from a plan keeps a way back to the plan.
 */
export default function LibraryOverlay({ open, setOpen, settings }: { open: OpenItem; setOpen: (o: OpenItem | null) => void; settings: PlaybackSettings }) {
  return (
    <QueryProvider>
      <Dialog open onClose={() => setOpen(null)} title={open.title} className="w-[min(1100px,calc(100vw-1rem))] max-h-[calc(100dvh-1rem)] overflow-y-auto">
        {open.kind === "workout" ? (
          <div className="flex flex-col gap-3">
            {open.backToPlan ? (
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => setOpen({ kind: "plan", planId: open.backToPlan!.planId, title: open.backToPlan!.title })}
              >
                ← Back to {open.backToPlan.title}
              </Button>
            ) : null}
            <LibraryPlayer
              key={open.workoutId}
              organizationId={settings.organizationId}
              workoutId={open.workoutId}
              planId={open.planId}
              locale={settings.locale}
              signedIn={settings.signedIn}
              className="h-[min(70dvh,640px)]"
            />
          </div>
        ) : (
          <PlanPanel planId={open.planId} settings={settings} />
        )}
      </Dialog>
    </QueryProvider>
  );
}

function PlanPanel({ planId, settings }: { planId: string; settings: PlaybackSettings }) {
  const q = settings.locale ? `?locale=${encodeURIComponent(settings.locale)}` : "";
  const plan = useQuery({
    queryKey: ["library-plan", settings.organizationId, planId, settings.locale],
    queryFn: () => apiJson<PlanDetailView>(`/api/library/${settings.organizationId}/plans/${planId}${q}`, { what: "This plan" }),
    retry: false,
  });
  if (plan.isError) return <p role="alert">{asPlayerError(plan.error).message}</p>;
  if (!plan.data) return <Spinner label="Loading the plan" />;
  const workoutHref = (id: string) => {
    const query = new URLSearchParams(settings.hrefBase);
    query.set("planId", planId);
    return `/workouts/${id}?${query}`;
  };
  return <PlanDetail detail={plan.data} workoutHref={workoutHref} display={settings.display} />;
}

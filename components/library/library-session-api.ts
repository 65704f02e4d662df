import { apiJson } from "@/components/player/api";
import type { FeedbackOptions, SessionApi } from "@/components/player/session-api";

/**
 * Sessions of a member signed in on the grids, through the pages' same-origin route (the
 * HTTP-only member cookie identifies them; no key in the browser).
 */
export function librarySessionApi(args: { organizationId: string; workoutId: string; planId?: string; locale?: string | null }): SessionApi {
  const path = `/api/library/${args.organizationId}/workouts/${args.workoutId}/session`;
  const post = <T>(body: unknown, keepalive = false) => apiJson<T>(path, { body, keepalive, what: "This workout session" });
  return {
    start: async () => (await post<{ data: { id: string } }>({ action: "start", ...(args.planId ? { planId: args.planId } : {}) })).data,
    patch: (sessionId, body, opts) => post({ action: "patch", sessionId, ...body }, opts?.keepalive),
    finish: (sessionId, how) => post({ action: how, sessionId }),
    feedbackOptions: async () => {
      const q = args.locale ? `?locale=${encodeURIComponent(args.locale)}` : "";
      return (await apiJson<{ data: FeedbackOptions }>(`/api/library/${args.organizationId}/feedback-options${q}`, { what: "The feedback form" })).data;
    },
    sendFeedback: (sessionId, input) => post({ action: "feedback", sessionId, ...input }),
  };
}

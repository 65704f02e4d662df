import { apiJson } from "./api";

/**
 * Where a player records sessions and feedback. The embed talks to /v1 with its key
 * (`v1SessionApi`); the hosted grids use their same-origin routes with the member cookie
 * (components/library/library-session-api.ts). The player never needs to know which.
 */

export interface FeedbackOption {
  id: string;
  label: string;
  value: number;
}

export interface FeedbackOptions {
  rating: FeedbackOption[];
  difficulty: FeedbackOption[];
}

export interface FeedbackInput {
  ratingId?: string;
  difficultyId?: string;
  comment?: string;
}

export interface SessionApi {
  /** The session operations take a playback-quality report (`quality`, /v1 only). */
  readonly acceptsQuality?: boolean;
  start(): Promise<{ id: string }>;
  patch(
    sessionId: string,
    body: { progressSeconds: number; workoutSegmentId: string | null; quality?: unknown },
    opts?: { keepalive?: boolean },
  ): Promise<unknown>;
  finish(sessionId: string, how: "complete" | "end", quality?: unknown): Promise<unknown>;
  feedbackOptions(): Promise<FeedbackOptions>;
  sendFeedback(sessionId: string, input: FeedbackInput): Promise<unknown>;
}

interface SessionResponse {
  data: { id: string };
}

/**
 * Sessions through /v1 with the embed's key in X-Api-Key (or its embed token as a Bearer token). The identity (organizationId and the
 * optional endUserId) is re-sent on every call, as the contract asks.
 */
export function v1SessionApi(args: {
  apiKey?: string;
  token?: string;
  workoutId: string;
  organizationId?: string;
  endUserId?: string;
  locale?: string;
}): SessionApi {
  const base = `/v1/workouts/${encodeURIComponent(args.workoutId)}`;
  const attribution: Record<string, string> = {};
  if (args.organizationId) attribution.organizationId = args.organizationId;
  if (args.endUserId) attribution.endUserId = args.endUserId;
  const call = <T>(path: string, body: unknown, method = "POST", keepalive = false) =>
    apiJson<T>(path, { apiKey: args.apiKey, token: args.token, method, body, keepalive, what: "This workout session" });
  return {
    acceptsQuality: true,
    start: async () => (await call<SessionResponse>(`${base}/sessions/start`, attribution)).data,
    patch: (id, body, opts) => call(`${base}/sessions/${encodeURIComponent(id)}`, { ...body, ...attribution }, "PATCH", opts?.keepalive),
    finish: (id, how, quality) => call(`${base}/sessions/${how}`, { sessionId: id, ...(quality ? { quality } : {}), ...attribution }),
    feedbackOptions: async () => {
      const q = new URLSearchParams({ ...(args.locale ? { locale: args.locale } : {}), ...attribution });
      const res = await apiJson<{ data: FeedbackOptions }>(`/v1/workouts/feedback/options${q.size ? `?${q}` : ""}`, {
        apiKey: args.apiKey,
        token: args.token,
        what: "The feedback form",
      });
      return res.data;
    },
    sendFeedback: (id, input) => call(`${base}/feedback`, { workoutSessionId: id, ...input, ...attribution }),
  };
}

import { ApiError, errorBody } from "@/server/core/errors";
import type { ApiRequest } from "@/server/http/direct-request";
import { log } from "@/server/core/log";

/** True when the client asked for Server-Sent Events. */
export function wantsEventStream(req: ApiRequest): boolean {
  return /\btext\/event-stream\b/i.test(req.headers.get("accept") ?? "");
}

export type SendEvent = (event: string, data: unknown) => void;

/** Work that produces a result and can pass its text along as it is written (a chat reply). */
export interface StreamableWork<T> {
  run(onDelta?: (text: string) => void): Promise<T>;
}

/**
 * The answer of an operation that can stream: `{ data }` with the result as JSON, or, when the
 * client accepts Server-Sent Events, a `delta` event per text chunk and then a `reply` event with
 * the result. Errors before the work starts (the caller's checks) are ordinary error responses.
 */
export async function jsonOrEventStream<T>(req: ApiRequest, requestId: string, work: StreamableWork<T>): Promise<{ data: T } | Response> {
  if (!wantsEventStream(req)) return { data: await work.run() };
  return eventStream(async (send) => send("reply", await work.run((text) => send("delta", { text }))), { requestId });
}

const KEEP_ALIVE_MS = 15_000;

/**
 * A Server-Sent Events response (200, `text/event-stream`) fed by `produce`. Each event is
 * `event: <name>` plus one `data:` line of JSON. An error thrown by `produce` becomes a final
 * `error` event carrying the usual envelope (the status line has already been sent). A comment
 * line every 15 s keeps proxies from closing a quiet stream. If the client goes away, `produce`
 * still runs to its end (what it stores is stored); only the writes are dropped.
 */
export function eventStream(produce: (send: SendEvent) => Promise<void>, context: Record<string, unknown> = {}): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          open = false;
        }
      };
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      try {
        await produce((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      } catch (err) {
        const apiError =
          err instanceof ApiError ? err : new ApiError({ code: "InternalServerError", message: "Something went wrong on our side; nothing was stored." });
        if (!(err instanceof ApiError)) log("error", "event stream failed", { ...context, err: err instanceof Error ? err.stack : String(err) });
        write(`event: error\ndata: ${JSON.stringify(errorBody(apiError))}\n\n`);
      } finally {
        clearInterval(keepAlive);
        if (open) {
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        }
      }
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}

/**
 * Hand-off between the kernel and the custom server's direct dispatcher for text bodies.
 *
 * A web `Response` built from a string wraps it in a ReadableStream that the dispatcher then pipes
 * into Node's response: several objects, a stream pipeline and an AbortSignal per request, which
 * cost more than a cached operation itself. For requests the dispatcher built (marked here), the
 * kernel keeps status, headers and text beside the request instead and returns a placeholder the
 * dispatcher recognizes, and the dispatcher writes the text with one `end()`. Requests from
 * anywhere else (Next, tests calling a handler directly) get an ordinary Response with the same
 * status, headers and body.
 */
interface DirectText {
  status: number;
  headers: Record<string, string>;
  text: string;
}

const directRequests = new WeakMap<Request, DirectText | null>();

/** What the kernel returns for a marked request; the finished response is kept beside the request. */
const DIRECT = new Response(null, { status: 204 });

/** Called by the dispatcher on every Request it builds. */
export function markDirectRequest(req: Request): void {
  directRequests.set(req, null);
}

/** A text response for `req`: for a marked request, the text is kept for the dispatcher to write. */
export function textResponse(req: Request, text: string, init: { status: number; headers: Record<string, string> }): Response {
  if (!directRequests.has(req)) return new Response(text, init);
  directRequests.set(req, { status: init.status, headers: init.headers, text });
  return DIRECT;
}

/** The response textResponse kept for `req`, when the handler's answer was that. */
export function directText(req: Request, res: Response): DirectText | undefined {
  return res === DIRECT ? (directRequests.get(req) ?? undefined) : undefined;
}

/**
 * A JSON body serialized ahead of time, for handlers that cache their rendering: the kernel sends
 * the text as it is instead of serializing the value again.
 */
export class SerializedJson {
  constructor(readonly text: string) {}
}

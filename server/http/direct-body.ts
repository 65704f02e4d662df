import { type ApiRequest, type DirectBody, DirectRequest } from "./direct-request";

/**
 * Hand-off between the kernel and the custom server's direct dispatcher for finished bodies.
 *
 * A web `Response` built from a string wraps it in a ReadableStream that the dispatcher then pipes
 * into Node's response: several objects, a stream pipeline and an AbortSignal per request, which
 * cost more than a cached operation itself. For the dispatcher's own requests (DirectRequest) the
 * kernel keeps status, headers and body on the request and returns a placeholder the dispatcher
 * recognizes, and the dispatcher writes the body with one `end()`. Requests from anywhere else
 * (Next, tests calling a handler directly) get an ordinary Response with the same status, headers
 * and body.
 */
/** What the kernel returns for a DirectRequest; the finished response is kept on the request. */
const DIRECT = new Response(null, { status: 204 });

/** A response with this body for `req`: kept on the request when the dispatcher serves it. */
export function bodyResponse(req: ApiRequest, body: string | Buffer, init: { status: number; headers: Record<string, string> }): Response {
  if (!(req instanceof DirectRequest)) return new Response(typeof body === "string" ? body : new Uint8Array(body), init);
  req.finished = { status: init.status, headers: init.headers, body };
  return DIRECT;
}

/** The response bodyResponse kept for `req`, when the handler's answer was that. */
export function directBody(req: ApiRequest, res: Response): DirectBody | undefined {
  return res === DIRECT && req instanceof DirectRequest ? (req.finished ?? undefined) : undefined;
}

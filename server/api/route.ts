import { randomBytes } from "node:crypto";
import { z } from "zod";
import { isDatabaseUnavailable } from "@/db/errors";
import { MediaStoreUnavailableError } from "@/server/media/storage";
import { env } from "@/server/env";
import { SerializedJson, bodyResponse } from "@/server/http/direct-body";
import { DirectRequest } from "@/server/http/direct-request";
import { type Caller, assertOrganizationAccess, authenticate, organizationLimits } from "./auth";
import { corsHeaders } from "./cors";
import { ApiError, type ErrorDetail, badRequest, errorParts, errorResponse, validationError } from "./errors";
import {
  type IdempotencyClaim,
  type StoredResponse,
  beginIdempotentRequest,
  finishIdempotentRequest,
  idempotencyScope,
  isValidIdempotencyKey,
  requestFingerprint,
} from "./idempotency";
import { BAD_TEXT_MESSAGE, decodePathParams, findBadJsonText, isAcceptableText, parseQuery, utf8Text } from "./input";
import { log } from "./log";
import { noteOperation } from "@/server/observability/requests";
import { type AnyObject, type OperationDef, requestTypeName } from "./operation";
import { type RateLimitState, chargeRateLimit, peekRateLimit, rateLimitHeaders } from "./rate-limit";
import { tallyUsage } from "./usage-tally";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<P, Q, B> {
  req: Request;
  url: URL;
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  requestId: string;
  /**
   * The request type names of this operation's parts (`UpdateWorkoutSessionBody`), for services
   * that report a validation or attribution problem with the contract's `target`, as the kernel's
   * own checks do.
   */
  targets: RequestTargets;
}

export interface RequestTargets {
  params: string;
  query: string;
  body: string;
}

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: NextContext) => Promise<Response>) & { operation?: OperationDef; methodNotAllowed?: boolean };

const EMPTY_STRICT = z.object({}).strict();
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };
const VALIDATE_RESPONSES = () => env().NODE_ENV !== "production" || env().FORMA_VALIDATE_RESPONSES === "1";
/** Seconds a client should wait before retrying while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER = "5";

/** Turns zod issues into the contract's `details[]`: unknown keys are ConstraintError. */
export function issuesToDetails(issues: z.core.$ZodIssue[], prefix?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ code: "ConstraintError", message: `Unknown key "${key}" is not allowed.`, target: base ? `${base}.${key}` : key });
      }
      continue;
    }
    const code =
      issue.code === "invalid_type"
        ? "TypeError"
        : issue.code === "too_big" || issue.code === "too_small"
          ? "RangeError"
          : issue.code === "invalid_format"
            ? "FormatError"
            : issue.code === "invalid_value"
              ? "EnumError"
              : "ConstraintError";
    details.push({ code, message: issue.message, target: base || "(root)" });
  }
  return details;
}

function parsePart<S extends z.ZodType>(schema: S, input: unknown, target: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(target, issuesToDetails(result.error.issues));
  return result.data;
}

const NO_QUERY: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Query parameters as an object, 400 ValidationError for text that is not acceptable (NUL, invalid UTF-8). */
export function checkedQuery(search: string, target: string): Record<string, string> {
  if (search === "") return NO_QUERY;
  const { query, bad } = parseQuery(search);
  if (bad.length) throw validationError(target, bad);
  return query;
}

/** A request body's bytes, 413 past MAX_BODY_BYTES (declared or counted). */
export async function readBody(req: Request): Promise<Buffer> {
  const max = env().MAX_BODY_BYTES;
  const tooLarge = () => new ApiError({ code: "PayloadTooLarge", message: `The body exceeds ${max} bytes.` });
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) throw tooLarge();
  if (req instanceof DirectRequest) {
    const bytes = await req.bodyBuffer();
    if (!bytes) throw tooLarge();
    return bytes;
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Parses the JSON body (`bytes` when the kernel already read them for the Idempotency-Key fingerprint). */
async function parseBody(req: Request, op: OperationDef, target: string, bytes?: Buffer): Promise<unknown> {
  return parseJsonBytes(bytes ?? (await readBody(req)), req.headers.get("content-type"), target, Boolean(op.body && op.bodyRequired));
}

/**
 * A JSON body as the API reads it, for the kernel and for every other route that takes JSON (the
 * console's and the hosted pages' internal routes): 400 for bytes that are not UTF-8, 415 for a
 * non-JSON content type, 400 for malformed JSON, and 400 ValidationError naming each string that
 * is not acceptable text (NUL, lone surrogates). An empty body is `{}` unless one is required.
 */
export function parseJsonBytes(bytes: Buffer, contentType: string | null, target: string, required = false): unknown {
  const raw = utf8Text(bytes);
  if (raw === null) throw validationError(target, [{ code: "FormatError", message: "The body is not valid UTF-8.", target: "(root)" }]);
  if (raw.trim() === "") {
    if (required) throw validationError(target, [{ code: "TypeError", message: "A JSON body is required.", target: "(root)" }]);
    return {};
  }
  if (!/^application\/([\w.+-]+\+)?json\b/i.test((contentType ?? "").trim())) {
    throw new ApiError({ code: "UnsupportedMediaType", message: "Send the body as application/json." });
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ApiError({ code: "BadRequest", message: "The body is not valid JSON.", target });
  }
  const bad = findBadJsonText(raw, value);
  if (bad.length) throw validationError(target, bad);
  return value;
}

/** Router-decoded path parameters checked like the API's (NUL, lone surrogates: 400 ValidationError). */
export function checkedParams(params: Record<string, string | string[]>, target: string): Record<string, string | string[]> {
  const bad = Object.entries(params).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v]).filter((x) => !isAcceptableText(x)).map(() => ({ code: "FormatError", message: BAD_TEXT_MESSAGE, target: name })),
  );
  if (bad.length) throw validationError(target, bad);
  return params;
}

// Request ids: a random per-process prefix and a counter, unique without a random draw per request.
const REQUEST_ID_PREFIX = `req_${randomBytes(6).toString("hex")}`;
let requestCounter = 0;

function requestIdOf(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  if (incoming && /^[\w.-]{8,64}$/.test(incoming)) return incoming;
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${REQUEST_ID_PREFIX}${requestCounter.toString(36).padStart(6, "0")}`;
}

/** A finished answer before it becomes a Response (the Idempotency-Key store keeps these parts). */
interface Rendered {
  status: number;
  headers: Record<string, string>;
  /** null: no body (204). */
  body: string | Buffer | null;
}

/** Renders a handler result according to the operation's declared success response. */
function render(op: OperationDef, result: unknown, headers: Record<string, string>): Rendered | Response {
  if (result instanceof SerializedJson && !VALIDATE_RESPONSES()) {
    // A body serialized ahead (cached renderings): nothing to check or convert.
    const status = op.success.status;
    if (status !== 204 && (op.success.contentType ?? "application/json") === "application/json") {
      return { status, headers: { ...JSON_HEADERS, ...headers }, body: result.bytes };
    }
  }
  if (result instanceof Response) {
    for (const [k, v] of Object.entries(headers)) result.headers.set(k, v);
    return result;
  }
  const { status, contentType = "application/json", schema } = op.success;
  if (status === 204) return { status, headers, body: null };
  const prebuilt = result instanceof SerializedJson ? result : null;
  if (schema && VALIDATE_RESPONSES()) {
    const check = schema.safeParse(prebuilt ? JSON.parse(prebuilt.text) : result);
    if (!check.success) {
      log("error", "response does not match its declaration", { operationId: op.operationId, issues: check.error.issues.slice(0, 5) });
      throw new Error(`response of ${op.operationId} does not match its schema`);
    }
  }
  if (contentType === "text/plain") return { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers }, body: String(result) };
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: prebuilt ? prebuilt.bytes : JSON.stringify(result) };
}

function send(req: Request, r: Rendered): Response {
  if (r.body === null) return new Response(null, { status: r.status, headers: r.headers });
  return bodyResponse(req, r.body, { status: r.status, headers: r.headers });
}

/** The parts an Idempotency-Key record stores; null for a streamed response, which cannot be replayed. */
async function storable(r: Rendered | Response): Promise<StoredResponse | null> {
  if (!(r instanceof Response)) {
    return { status: r.status, headers: r.headers, body: r.body === null ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, "utf8") };
  }
  if ((r.headers.get("content-type") ?? "").includes("text/event-stream")) return null;
  const headers: Record<string, string> = {};
  r.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { status: r.status, headers, body: Buffer.from(await r.clone().arrayBuffer()) };
}

/** A stored response again, with this request's id, the current limits and `Idempotent-Replayed: true`. */
async function replay(req: Request, stored: StoredResponse, caller: Caller, headers: Record<string, string>): Promise<Response> {
  const rate = await peekRateLimit(caller.rateLimitSubject, caller.limits).catch(() => null);
  const out = { ...stored.headers, ...headers, ...(rate ? rateLimitHeaders(rate) : {}), "Idempotent-Replayed": "true" };
  return send(req, { status: stored.status, headers: out, body: stored.body.length === 0 && stored.status === 204 ? null : stored.body });
}

/** What a handler gets; `url` is parsed on first use (a class: no per-request closures). */
class Context {
  constructor(
    readonly req: Request,
    private readonly direct: DirectRequest | null,
    private parsed: URL | null,
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    readonly caller: Caller,
    readonly requestId: string,
    readonly targets: RequestTargets,
  ) {}

  get url(): URL {
    this.parsed ??= this.direct!.parsedUrl;
    return this.parsed;
  }
}

/**
 * Wraps a declaration and its handler into a Next route handler. In order: request id,
 * authentication, organization check, weight, validation, handler, rendering; every thrown
 * error becomes the contract's envelope.
 */
export function route<P extends AnyObject | undefined, Q extends AnyObject | undefined, B extends z.ZodType | undefined, R extends z.ZodType | undefined>(
  op: OperationDef<P, Q, B, R>,
  handler: (ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<(R extends z.ZodType ? z.input<R> : unknown) | SerializedJson | Response>,
): RouteHandler {
  const anyOp = op as unknown as OperationDef;
  const queryTarget = requestTypeName(op, "Query");
  const bodyTarget = requestTypeName(op, "Body");
  const paramsTarget = requestTypeName(op, "Params");
  const targets: RequestTargets = { params: paramsTarget, query: queryTarget, body: bodyTarget };

  const handle = async (req: Request, ctx: NextContext): Promise<Response> => {
    const requestId = requestIdOf(req);
    const seen = noteOperation(req, anyOp.operationId, requestId); // observability: operationId and caller of the request (server/observability)
    const headers: Record<string, string> = { "X-Request-Id": requestId, ...corsHeaders(req.headers.get("origin")) };
    let caller: Caller | null = null;
    let claim: IdempotencyClaim | null = null;

    try {
      // The kernel reads the raw path and query only; the parsed URL is built when a handler asks.
      const direct = req instanceof DirectRequest ? req : null;
      const parsed = direct ? null : new URL(req.url);
      const pathname = direct ? direct.pathname : parsed!.pathname;
      const search = direct ? direct.search : parsed!.search;
      if (anyOp.auth.length > 0) {
        const authenticated = authenticate(req, anyOp.auth);
        caller = authenticated instanceof Promise ? await authenticated : authenticated;
        if (seen) seen.caller = caller;
      }

      let params: unknown;
      try {
        const decoded = decodePathParams(anyOp.path, pathname, await ctx.params);
        if (decoded.bad.length) throw validationError(paramsTarget, decoded.bad);
        params = anyOp.params ? parsePart(anyOp.params, decoded.params, paramsTarget) : {};
        const organizationId = (params as { organizationId?: string }).organizationId;
        if (caller && organizationId) {
          const access = assertOrganizationAccess(caller, organizationId);
          if (access instanceof Promise) await access;
        }
      } catch (err) {
        await charge(caller, anyOp, headers); // admitted: a bad id or a foreign organization still costs its weight
        throw err;
      }

      if (caller && anyOp.gate) {
        try {
          await runGate(anyOp.gate, caller, params as Record<string, string>);
        } catch (err) {
          Object.assign(headers, rateLimitHeaders(await peekRateLimit(caller.rateLimitSubject, caller.limits)));
          throw err;
        }
      }

      const hasBody = anyOp.method !== "get";
      const idempotencyKey = hasBody && caller ? req.headers.get("idempotency-key") : null;
      let raw: Buffer | undefined;
      if (caller && idempotencyKey !== null) {
        if (!isValidIdempotencyKey(idempotencyKey)) {
          await charge(caller, anyOp, headers);
          throw badRequest("The Idempotency-Key header must be 1 to 255 printable ASCII characters.", "Idempotency-Key");
        }
        raw = await readBody(req);
        const scope = idempotencyScope(caller);
        const outcome = await beginIdempotentRequest({ scope, key: idempotencyKey, fingerprint: requestFingerprint(anyOp.method, pathname + search, raw.toString("utf8")) });
        if (outcome.kind === "replay") return await replay(req, outcome.response, caller, headers); // costs nothing
        if (outcome.kind === "in-progress") {
          throw new ApiError({
            code: "IdempotencyKeyInProgress",
            message: "A request with this Idempotency-Key is still running; retry after Retry-After seconds to get its response.",
            headers: { "Retry-After": "1" },
          });
        }
        if (outcome.kind === "mismatch") {
          await charge(caller, anyOp, headers);
          throw new ApiError({
            code: "IdempotencyKeyReused",
            message: "This Idempotency-Key was used for a request with another method, path or body; send a new key for a new request.",
            target: "Idempotency-Key",
          });
        }
        claim = outcome.claim;
      }

      const charged = charge(caller, anyOp, headers);
      if (charged) await charged;

      const query = parsePart(anyOp.query ?? EMPTY_STRICT, checkedQuery(search, queryTarget), queryTarget);
      const body = hasBody ? parsePart(anyOp.body ?? EMPTY_STRICT, await parseBody(req, anyOp, bodyTarget, raw), bodyTarget) : undefined;

      const context = new Context(req, direct, parsed, params, query, body, caller as Caller, requestId, targets);
      const result = await handler(context as unknown as HandlerContext<Infer<P>, Infer<Q>, Infer<B>>);
      const rendered = render(anyOp, result, headers);
      if (claim) {
        const held = claim;
        claim = null;
        await finishIdempotentRequest(held, await storable(rendered));
      }
      return rendered instanceof Response ? rendered : send(req, rendered);
    } catch (err) {
      let apiError: ApiError;
      if (err instanceof ApiError) apiError = err;
      else if (isDatabaseUnavailable(err)) {
        log("warn", "database unavailable", { requestId, operationId: op.operationId, err: String((err as Error).cause ?? err) });
        apiError = new ApiError({
          code: "ServiceUnavailable",
          message: "The service cannot reach its database right now. Retry after a few seconds.",
          headers: { "Retry-After": UNAVAILABLE_RETRY_AFTER },
        });
      } else if (err instanceof MediaStoreUnavailableError) {
        log("warn", "media store unavailable", { requestId, operationId: op.operationId, err: err.message });
        apiError = new ApiError({
          code: "ServiceUnavailable",
          message: "The service cannot reach its media storage right now. Retry after a few seconds.",
          headers: { "Retry-After": UNAVAILABLE_RETRY_AFTER },
        });
      } else {
        log("error", "unhandled error", {
          requestId,
          operationId: op.operationId,
          err: err instanceof Error ? err.stack : String(err),
          ...(err instanceof Error && err.cause ? { cause: String((err.cause as Error).message ?? err.cause) } : {}),
        });
        apiError = new ApiError({ code: "InternalServerError", message: `Something went wrong on our side. Quote request id ${requestId} when reporting it.` });
      }
      if (claim) {
        const parts = errorParts(apiError, headers);
        await finishIdempotentRequest(claim, { status: parts.status, headers: parts.headers, body: Buffer.from(parts.body, "utf8") }).catch(() => {});
      }
      return errorResponse(apiError, headers);
    }
  };
  return Object.assign(handle, { operation: anyOp });
}

/**
 * Charges the operation's weight to the caller's windows, records the limit headers and counts the
 * usage. Synchronous when the caller's leases cover the weight (the usual case), else a promise.
 */
function charge(caller: Caller | null, op: OperationDef, headers: Record<string, string>): void | Promise<void> {
  if (!caller || op.weight <= 0) return;
  const state = chargeRateLimit(caller.rateLimitSubject, op.weight, caller.limits);
  if (state instanceof Promise) return state.then((s) => admitted(caller, op, headers, s));
  admitted(caller, op, headers, state);
}

function admitted(caller: Caller, op: OperationDef, headers: Record<string, string>, state: RateLimitState): void {
  headers["X-RateLimit-Limit"] = String(state.limit);
  headers["X-RateLimit-Remaining"] = String(state.remaining);
  headers["X-RateLimit-Reset"] = String(state.reset);
  tallyUsage(caller, op.operationId, op.weight);
}

async function runGate(gate: NonNullable<OperationDef["gate"]>, caller: Caller, params: Record<string, string>): Promise<void> {
  if (gate === "stockCatalog") {
    const org = params.organizationId ? await organizationLimits(params.organizationId) : caller.limits;
    if (!org?.entitlements.stockCatalog) {
      throw new ApiError({ code: "Forbidden", message: "The stock exercise catalog is not included in this organization's plan." });
    }
  }
}

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL_METHODS)[number];

/** 405 in the envelope for the methods a path does not serve. */
export function methodNotAllowed(allowed: string[]): RouteHandler {
  const handle = async (req: Request) =>
    errorResponse(new ApiError({ code: "MethodNotAllowed", message: `This path supports ${allowed.join(", ")}.` }), {
      Allow: allowed.join(", "),
      ...corsHeaders(req.headers.get("origin")),
    });
  return Object.assign(handle, { methodNotAllowed: true });
}

/** Exports every method of a route file: the declared ones, and 405 for the rest. */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allowed = Object.keys(handlers);
  const fallback = methodNotAllowed(allowed);
  return Object.fromEntries(ALL_METHODS.map((m) => [m, handlers[m] ?? fallback])) as Record<Method, RouteHandler>;
}

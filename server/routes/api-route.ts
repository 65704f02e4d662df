import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type Db, getDb, inRequestTransaction } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/errors";
import { MediaStoreUnavailableError } from "@/server/media/storage";
import { env } from "@/server/env";
import { SerializedJson } from "@/server/core/serialized-json";
import { bodyResponse } from "@/server/http/direct-body";
import { type ApiRequest, DirectRequest } from "@/server/http/direct-request";
import type { Caller } from "@/server/core/caller";
import { assertOrganizationAccess, authenticate } from "@/server/api/auth";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import { assertEmbedScope } from "@/server/services/embed/embed-token";
import { corsHeaders } from "@/server/api/cors";
import { ApiError, badRequest, errorParts, errorResponse, validationError } from "@/server/core/errors";
import {
  type IdempotencyClaim,
  type IdempotencyOutcome,
  type StoredResponse,
  beginIdempotentRequest,
  finishIdempotentRequest,
  isStorable,
  runIdempotentTransaction,
  settledIdempotentRequest,
  idempotencyScope,
  isValidIdempotencyKey,
  requestFingerprint,
} from "@/server/api/idempotency";
import { decodePathParams } from "@/server/api/input";
import { type NextContext, checkedQuery, parseJsonBytes, readBody } from "./request-input";
import { log } from "@/server/core/log";
import { parseOrThrow } from "@/server/core/validation";
import { noteOperation } from "@/server/observability/requests";
import { type AnyObject, type OperationDef, requestTypeName } from "@/server/api/operation";
import { type RateLimitState, chargeRateLimit, peekRateLimit, rateLimitHeaders } from "@/server/core/rate-limit";
import { tallyUsage } from "@/server/services/usage/usage-tally";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ApiRouteContext<P, Q, B> {
  /** The request: a Fetch Request through Next, the dispatcher's DirectRequest on the fast path; typed as what both implement. */
  req: ApiRequest;
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
  /**
   * The database handle for the handler's services: the request's own transaction for an
   * `Idempotency-Key` write of an operation declared `idempotency: "transaction"` (its writes, the
   * stored response and the key's record commit together), the pool otherwise.
   */
  db: Db;
}

export interface RequestTargets {
  params: string;
  query: string;
  body: string;
}

export type RouteHandler = ((req: Request, ctx: NextContext) => Promise<Response>) & { operation?: OperationDef; methodNotAllowed?: boolean };

const EMPTY_STRICT = z.object({}).strict();
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };
const VALIDATE_RESPONSES = () => env().NODE_ENV !== "production" || env().FORMA_VALIDATE_RESPONSES === "1";
/** Seconds a client should wait before retrying while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER = "5";

/** Parses the JSON body (`bytes` when the kernel already read them for the Idempotency-Key fingerprint). */
async function parseBody(req: ApiRequest, op: OperationDef, target: string, bytes?: Buffer): Promise<unknown> {
  return parseJsonBytes(bytes ?? (await readBody(req)), req.headers.get("content-type"), target, Boolean(op.body && op.bodyRequired));
}

// Request ids: a random per-process prefix and a counter, unique without a random draw per request.
const REQUEST_ID_PREFIX = `req_${randomBytes(6).toString("hex")}`;
let requestCounter = 0;

function requestIdOf(req: ApiRequest): string {
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

function send(req: ApiRequest, r: Rendered): Response {
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
async function replay(req: ApiRequest, stored: StoredResponse, caller: Caller, headers: Record<string, string>): Promise<Response> {
  const rate = await peekRateLimit(caller.rateLimitSubject, caller.limits).catch(() => null);
  const out = { ...stored.headers, ...headers, ...(rate ? rateLimitHeaders(rate) : {}), "Idempotent-Replayed": "true" };
  return send(req, { status: stored.status, headers: out, body: stored.body.length === 0 && stored.status === 204 ? null : stored.body });
}

/** What a handler gets; `url` is parsed on first use (a class: no per-request closures). */
class Context {
  constructor(
    readonly req: ApiRequest,
    private readonly direct: DirectRequest | null,
    private parsed: URL | null,
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    readonly caller: Caller,
    readonly requestId: string,
    readonly targets: RequestTargets,
    readonly db: Db,
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
export function apiRoute<P extends AnyObject | undefined, Q extends AnyObject | undefined, B extends z.ZodType | undefined, R extends z.ZodType | undefined>(
  op: OperationDef<P, Q, B, R>,
  handler: (ctx: ApiRouteContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<(R extends z.ZodType ? z.input<R> : unknown) | SerializedJson | Response>,
): RouteHandler {
  const anyOp = op as unknown as OperationDef;
  const queryTarget = requestTypeName(op, "Query");
  const bodyTarget = requestTypeName(op, "Body");
  const paramsTarget = requestTypeName(op, "Params");
  const targets: RequestTargets = { params: paramsTarget, query: queryTarget, body: bodyTarget };

  /**
   * Validation, handler and rendering inside the request's transaction (`tx`), the handler's writes
   * in a savepoint: an error answer (4xx, stored for replay) undoes them and keeps the key's record;
   * a 5xx is thrown, which undoes the whole transaction.
   */
  const runInTransaction = async (
    tx: Db,
    req: ApiRequest,
    direct: DirectRequest | null,
    parsed: URL | null,
    params: unknown,
    search: string,
    raw: Buffer,
    caller: Caller,
    requestId: string,
    headers: Record<string, string>,
  ): Promise<Rendered | Response | ApiError> => {
    try {
      const query = parseOrThrow(anyOp.query ?? EMPTY_STRICT, checkedQuery(search, queryTarget), queryTarget);
      const body = parseOrThrow(anyOp.body ?? EMPTY_STRICT, await parseBody(req, anyOp, bodyTarget, raw), bodyTarget);
      return await tx.transaction(async (savepoint) => {
        const context = new Context(req, direct, parsed, params, query, body, caller, requestId, targets, savepoint as unknown as Db);
        const result = await inRequestTransaction(anyOp.operationId, () => handler(context as unknown as ApiRouteContext<Infer<P>, Infer<Q>, Infer<B>>));
        return render(anyOp, result, headers);
      });
    } catch (err) {
      // Anything but a kept ApiError is a 5xx (or a 429): thrown, it undoes the transaction and the kernel answers it.
      if (err instanceof ApiError && isStorable(err.status)) return err;
      throw err;
    }
  };

  const handle = async (incoming: Request, ctx: NextContext): Promise<Response> => {
    // Next's Request or the dispatcher's DirectRequest: the kernel uses only what both implement.
    const req: ApiRequest = incoming;
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
        params = anyOp.params ? parseOrThrow(anyOp.params, decoded.params, paramsTarget) : {};
        if (caller?.embed) assertEmbedScope(caller.embed, anyOp.operationId, params);
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
        const fingerprint = requestFingerprint(anyOp.method, pathname + search, raw.toString("utf8"));
        const transactional = anyOp.idempotency === "transaction";
        const outcome = transactional
          ? await settledIdempotentRequest({ scope, key: idempotencyKey, fingerprint })
          : await beginIdempotentRequest({ scope, key: idempotencyKey, fingerprint });
        if (outcome) await refuseSettled(outcome, caller, anyOp, headers, true);
        if (outcome?.kind === "replay") return await replay(req, outcome.response, caller, headers); // costs nothing
        if (transactional) {
          // Charged before the transaction opens: no pool query while it holds a connection.
          const charged = charge(caller, anyOp, headers);
          if (charged) await charged;
          const ran = await runIdempotentTransaction({ scope, key: idempotencyKey, fingerprint }, async (tx) => {
            const answer = await runInTransaction(tx, req, direct, parsed, params, search, raw!, caller!, requestId, headers);
            if (answer instanceof ApiError) {
              const parts = errorParts(answer, headers);
              return {
                value: answer as Rendered | Response | ApiError,
                response: { status: parts.status, headers: parts.headers, body: Buffer.from(parts.body, "utf8") },
              };
            }
            const stored = await storable(answer);
            // A stream cannot be replayed: an operation that may answer one is not declared transactional.
            if (!stored) throw new Error(`${anyOp.operationId} answered a stream inside its idempotent transaction`);
            return { value: answer, response: stored };
          });
          if (ran.kind !== "ran") {
            await refuseSettled(ran, caller, anyOp, headers, false);
            return await replay(req, (ran as { response: StoredResponse }).response, caller, headers);
          }
          if (ran.value instanceof ApiError) return errorResponse(ran.value, headers);
          return ran.value instanceof Response ? ran.value : send(req, ran.value);
        }
        claim = (outcome as { claim: IdempotencyClaim }).claim;
      }

      const charged = charge(caller, anyOp, headers);
      if (charged) await charged;

      const query = parseOrThrow(anyOp.query ?? EMPTY_STRICT, checkedQuery(search, queryTarget), queryTarget);
      const body = hasBody ? parseOrThrow(anyOp.body ?? EMPTY_STRICT, await parseBody(req, anyOp, bodyTarget, raw), bodyTarget) : undefined;

      const context = new Context(req, direct, parsed, params, query, body, caller as Caller, requestId, targets, getDb());
      const result = await handler(context as unknown as ApiRouteContext<Infer<P>, Infer<Q>, Infer<B>>);
      const rendered = render(anyOp, result, headers);
      if (claim) {
        const held = claim;
        claim = null;
        await finishIdempotentRequest(held, await storable(rendered));
      }
      return rendered instanceof Response ? rendered : send(req, rendered);
    } catch (err) {
      const apiError = toApiError(err, requestId, anyOp);
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
 * Throws the answer to a key that is still running (409, costs nothing) or was used for another
 * request (422, charged unless `charge` is false: the request was charged already); a replay or a
 * claim passes.
 */
async function refuseSettled(outcome: IdempotencyOutcome, caller: Caller, op: OperationDef, headers: Record<string, string>, charging: boolean): Promise<void> {
  if (outcome.kind === "in-progress") {
    throw new ApiError({
      code: "IdempotencyKeyInProgress",
      message: "A request with this Idempotency-Key is still running; retry after Retry-After seconds to get its response.",
      headers: { "Retry-After": "1" },
    });
  }
  if (outcome.kind === "mismatch") {
    if (charging) await charge(caller, op, headers);
    throw new ApiError({
      code: "IdempotencyKeyReused",
      message: "This Idempotency-Key was used for a request with another method, path or body; send a new key for a new request.",
      target: "Idempotency-Key",
    });
  }
}

/** Any error as the contract's envelope: ApiErrors as they are, an unreachable database or media store 503, the rest 500 (logged). */
function toApiError(err: unknown, requestId: string, op: OperationDef): ApiError {
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
  return apiError;
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

import { randomBytes } from "node:crypto";
import { z } from "zod";
import { env } from "@/server/env";
import { SerializedJson, bodyResponse } from "@/server/http/direct-body";
import { DirectRequest } from "@/server/http/direct-request";
import { type Caller, assertOrganizationAccess, authenticate, organizationLimits } from "./auth";
import { ApiError, type ErrorDetail, errorResponse, validationError } from "./errors";
import { log } from "./log";
import { type AnyObject, type OperationDef, requestTypeName } from "./operation";
import { chargeRateLimit, peekRateLimit, rateLimitHeaders } from "./rate-limit";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<P, Q, B> {
  req: Request;
  url: URL;
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  requestId: string;
}

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: NextContext) => Promise<Response>) & { operation?: OperationDef; methodNotAllowed?: boolean };

const EMPTY_STRICT = z.object({}).strict();
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };
const VALIDATE_RESPONSES = () => env().NODE_ENV !== "production" || process.env.FORMA_VALIDATE_RESPONSES === "1";

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

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) out[k] = v;
  return out;
}

async function readBody(req: Request): Promise<string> {
  const max = env().MAX_BODY_BYTES;
  const tooLarge = () => new ApiError({ code: "PayloadTooLarge", message: `The body exceeds ${max} bytes.` });
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) throw tooLarge();
  if (req instanceof DirectRequest) {
    const bytes = await req.bodyBuffer();
    if (!bytes) throw tooLarge();
    return bytes.toString("utf8");
  }
  if (!req.body) return "";
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
  return Buffer.concat(chunks).toString("utf8");
}

async function parseBody(req: Request, op: OperationDef, target: string): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.trim() === "") {
    if (op.body && op.bodyRequired) throw validationError(target, [{ code: "TypeError", message: "A JSON body is required.", target: "(root)" }]);
    return {};
  }
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new ApiError({ code: "UnsupportedMediaType", message: "Send the body as application/json." });
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError({ code: "BadRequest", message: "The body is not valid JSON.", target });
  }
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

/** Renders a handler result according to the operation's declared success response. */
function render(req: Request, op: OperationDef, result: unknown, headers: Record<string, string>): Response {
  if (result instanceof Response) {
    for (const [k, v] of Object.entries(headers)) result.headers.set(k, v);
    return result;
  }
  const { status, contentType = "application/json", schema } = op.success;
  if (status === 204) return new Response(null, { status, headers });
  const prebuilt = result instanceof SerializedJson ? result : null;
  if (schema && VALIDATE_RESPONSES()) {
    const check = schema.safeParse(prebuilt ? JSON.parse(prebuilt.text) : result);
    if (!check.success) {
      log("error", "response does not match its declaration", { operationId: op.operationId, issues: check.error.issues.slice(0, 5) });
      throw new Error(`response of ${op.operationId} does not match its schema`);
    }
  }
  if (contentType === "text/plain") return bodyResponse(req, String(result), { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
  const body = prebuilt ? prebuilt.bytes : JSON.stringify(result);
  return bodyResponse(req, body, { status, headers: { ...JSON_HEADERS, ...headers } });
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

  const handle = async (req: Request, ctx: NextContext): Promise<Response> => {
    const requestId = requestIdOf(req);
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    let caller: Caller | null = null;

    try {
      const url = req instanceof DirectRequest ? req.parsedUrl : new URL(req.url);
      if (anyOp.auth.length > 0) caller = await authenticate(req, anyOp.auth);

      let params: unknown;
      try {
        params = anyOp.params ? parsePart(anyOp.params, await ctx.params, paramsTarget) : {};
        const organizationId = (params as { organizationId?: string }).organizationId;
        if (caller && organizationId) await assertOrganizationAccess(caller, organizationId);
      } catch (err) {
        await charge(caller, anyOp.weight, headers); // admitted: a bad id or a foreign organization still costs its weight
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
      await charge(caller, anyOp.weight, headers);

      const query = parsePart(anyOp.query ?? EMPTY_STRICT, queryObject(url), queryTarget);
      const hasBody = anyOp.method !== "get";
      const body = hasBody ? parsePart(anyOp.body ?? EMPTY_STRICT, await parseBody(req, anyOp, bodyTarget), bodyTarget) : undefined;

      const result = await handler({ req, url, params, query, body, caller: caller as Caller, requestId } as HandlerContext<Infer<P>, Infer<Q>, Infer<B>>);
      return render(req, anyOp, result, headers);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(err, headers);
      log("error", "unhandled error", {
        requestId,
        operationId: op.operationId,
        err: err instanceof Error ? err.stack : String(err),
        ...(err instanceof Error && err.cause ? { cause: String((err.cause as Error).message ?? err.cause) } : {}),
      });
      return errorResponse(
        new ApiError({ code: "InternalServerError", message: `Something went wrong on our side. Quote request id ${requestId} when reporting it.` }),
        headers,
      );
    }
  };
  return Object.assign(handle, { operation: anyOp });
}

/** Charges the operation's weight to the caller's windows and records the limit headers. */
async function charge(caller: Caller | null, weight: number, headers: Record<string, string>): Promise<void> {
  if (!caller || weight <= 0) return;
  Object.assign(headers, rateLimitHeaders(await chargeRateLimit(caller.rateLimitSubject, weight, caller.limits)));
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
  const handle = async () =>
    errorResponse(new ApiError({ code: "MethodNotAllowed", message: `This path supports ${allowed.join(", ")}.` }), { Allow: allowed.join(", ") });
  return Object.assign(handle, { methodNotAllowed: true });
}

/** Exports every method of a route file: the declared ones, and 405 for the rest. */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allowed = Object.keys(handlers);
  const fallback = methodNotAllowed(allowed);
  return Object.fromEntries(ALL_METHODS.map((m) => [m, handlers[m] ?? fallback])) as Record<Method, RouteHandler>;
}

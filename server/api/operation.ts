import type { z } from "zod";

/** `EmbedToken`: a player's embed token (a Bearer JWT, server/services/embed/embed-token.ts), scoped to its content. */
export type AuthScheme = "X-Api-Key" | "AccessToken" | "EmbedToken";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * One declaration per operation: the single source for routing checks, auth, rate-limit
 * weight, validation and the OpenAPI entry, so the contract and the code cannot drift.
 */
export interface OperationDef<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** `<ControllerName>_<methodName>`, stable. */
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path: `/v1/workouts/{workoutId}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Accepted schemes; an empty list means no authentication. */
  auth: AuthScheme[];
  /** Weighted rate-limit units charged on admission. */
  weight: number;
  params?: P;
  query?: Q;
  body?: B;
  /** When false an absent body is treated as `{}`. */
  bodyRequired?: boolean;
  success: {
    status: 200 | 201 | 202 | 204;
    description: string;
    schema?: R;
    /** Defaults to application/json. */
    contentType?: "application/json" | "text/plain";
  };
  /**
   * Further success responses a handler may answer with instead (returning its own `Response`),
   * such as a Server-Sent Events stream when the client sends `Accept: text/event-stream`.
   * Documented in OpenAPI next to the main one; not checked against a schema.
   */
  alternativeSuccess?: { status: 200 | 201; description: string; contentType: "text/event-stream" }[];
  /** Documented error statuses (the kernel's own 400/401/403/429 are added automatically). */
  errors?: number[];
  deprecated?: boolean;
  /** Runs after authentication and the organization check, before any weight is charged: errors it throws cost nothing. */
  gate?: "stockCatalog";
  /**
   * How a write with an `Idempotency-Key` is guarded (server/api/idempotency.ts, listed in
   * docs/integrations.md). `transaction`: exactly once. The key's record, the handler's writes and
   * the stored response commit in one transaction, which the handler gets as `ctx.db` (its services
   * write through it; their own `db.transaction` becomes a savepoint). Only for handlers whose every
   * effect is a write through that handle (events through the outbox, jobs woken on commit): no
   * model call, no stream, no upload, no pool query (`getDb()` throws inside such a handler outside
   * production). Otherwise (the default) at least once: the key is claimed with a lease before the
   * handler runs and the response stored after it; a crash in between leaves the claim until its
   * lease lapses (409 until then), and the operation may then run again.
   */
  idempotency?: "transaction" | "lease";
}

/** How `op`'s Idempotency-Key is guarded (reads take no key). */
export function idempotencyMode(op: Pick<OperationDef, "method" | "idempotency">): "transaction" | "lease" | null {
  if (op.method === "get") return null;
  return op.idempotency ?? "lease";
}

export function defineOperation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(def: OperationDef<P, Q, B, R>): OperationDef<P, Q, B, R> {
  if (!/^[A-Z][A-Za-z0-9]*_[a-z][A-Za-z0-9]*$/.test(def.operationId)) {
    throw new Error(`operationId ${def.operationId} must look like ControllerName_methodName`);
  }
  return def;
}

/** PascalCase of the method part of an operationId: `WorkoutsApi_getWorkoutById` -> `GetWorkoutById`. */
export function requestTypeName(op: { operationId: string }, part: "Query" | "Body" | "Params"): string {
  const method = op.operationId.split("_")[1] ?? op.operationId;
  return `${method.charAt(0).toUpperCase()}${method.slice(1)}${part}`;
}

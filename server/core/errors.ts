import { log } from "./log";

/**
 * The one error model. Handlers throw ApiError; the kernel renders every non-2xx response as
 * `{ error: { code, message, target?, details? } }`. Messages are for people; clients switch on `code`.
 */
export const ERROR_CODES = {
  BadRequest: 400,
  ValidationError: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  RequestTimeout: 408,
  Conflict: 409,
  /** Idempotency-Key: the first request with this key is still running; retry after Retry-After. */
  IdempotencyKeyInProgress: 409,
  Gone: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  UnprocessableEntity: 422,
  /** Idempotency-Key: the key was used for a request with another method, path or body. */
  IdempotencyKeyReused: 422,
  TooManyRequests: 429,
  InternalServerError: 500,
  NotImplemented: 501,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetail {
  code: string;
  message: string;
  target: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly target?: string;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(opts: { code: ErrorCode; message: string; target?: string; details?: ErrorDetail[]; headers?: Record<string, string>; status?: number }) {
    super(opts.message);
    this.name = "ApiError";
    this.code = opts.code;
    this.status = opts.status ?? ERROR_CODES[opts.code];
    this.target = opts.target;
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

export const badRequest = (message: string, target?: string) => new ApiError({ code: "BadRequest", message, target });
export const validationError = (target: string, details: ErrorDetail[], message = "The request is not valid.") =>
  new ApiError({ code: "ValidationError", message, target, details });
export const unauthorized = (message = "A valid API key is required (X-Api-Key header).") => new ApiError({ code: "Unauthorized", message });
export const forbidden = (message = "This key is not authorized for this organization.") => new ApiError({ code: "Forbidden", message });
export const notFound = (message = "The resource was not found.") => new ApiError({ code: "NotFound", message });
export const conflict = (message: string) => new ApiError({ code: "Conflict", message });
export const unprocessable = (message: string, details?: ErrorDetail[]) => new ApiError({ code: "UnprocessableEntity", message, details });

export interface ErrorBody {
  error: { code: string; message: string; target?: string; details?: ErrorDetail[] };
}

export function errorBody(err: ApiError): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.target ? { target: err.target } : {}),
      ...(err.details?.length ? { details: err.details } : {}),
    },
  };
}

/** Status, headers and body of the envelope for `err` (what errorResponse sends). */
export function errorParts(err: ApiError, headers: Record<string, string> = {}): { status: number; headers: Record<string, string>; body: string } {
  return {
    status: err.status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers, ...err.headers },
    body: JSON.stringify(errorBody(err)),
  };
}

export function errorResponse(err: ApiError, headers: Record<string, string> = {}): Response {
  const parts = errorParts(err, headers);
  return new Response(parts.body, { status: parts.status, headers: parts.headers });
}

/**
 * The envelope of what an internal route (the console's, the hosted pages') threw: an ApiError as
 * itself; anything else is logged as `what` with `fields` and answered 500 without its details.
 */
export function thrownErrorResponse(err: unknown, headers: Record<string, string>, what: string, fields: Record<string, unknown> = {}): Response {
  if (err instanceof ApiError) return errorResponse(err, headers);
  log("error", what, { ...fields, err: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return errorResponse(new ApiError({ code: "InternalServerError", message: "Something went wrong on our side." }), headers);
}

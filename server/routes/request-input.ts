import { env } from "@/server/env";
import { ApiError, validationError } from "@/server/core/errors";
import { type ApiRequest, DirectRequest } from "@/server/http/direct-request";
import { BAD_TEXT_MESSAGE, findBadJsonText, isAcceptableText, parseQuery, utf8Text } from "@/server/api/input";

/**
 * What every route wrapper (server/routes: the API kernel, the console's, the hosted pages') does
 * with a request's input, written once: the query and the router's path parameters checked for
 * text that is not acceptable (NUL, invalid UTF-8, lone surrogates: 400 ValidationError naming the
 * request type), the body read within MAX_BODY_BYTES (413), and a JSON body parsed as the API
 * parses one (400, 415). The wrappers differ in who may call (their policies), not in how they
 * read a request.
 */

/** The second argument Next gives a route handler. */
export type NextContext = { params: Promise<Record<string, string | string[]>> };

const NO_QUERY: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Query parameters as an object, 400 ValidationError for text that is not acceptable (NUL, invalid UTF-8). */
export function checkedQuery(search: string, target: string): Record<string, string> {
  if (search === "") return NO_QUERY;
  const { query, bad } = parseQuery(search);
  if (bad.length) throw validationError(target, bad);
  return query;
}

/** A request body's bytes, 413 past MAX_BODY_BYTES (declared or counted). */
export async function readBody(req: ApiRequest): Promise<Buffer> {
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

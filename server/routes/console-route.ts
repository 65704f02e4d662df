import { z } from "zod";
import { forbidden, thrownErrorResponse, unauthorized } from "@/server/core/errors";
import { type NextContext, checkedParams, checkedQuery, parseJsonBytes, readBody } from "./request-input";
import { parseOrThrow } from "@/server/core/validation";
import { cookieLookup, principalFromCookies } from "@/server/services/console/session-cookie";
import type { ConsolePrincipal } from "@/server/services/console/sessions";
import { assertSameOrigin, isMutation } from "@/server/http/same-origin";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ConsoleRouteContext<P, Q, B> {
  req: Request;
  url: URL;
  principal: ConsolePrincipal;
  params: P;
  query: Q;
  body: B;
}

export interface ConsoleRouteSpec<P, Q, B> {
  /** "owner": only workspace owners (API keys, members). Default: any trainer of the workspace. */
  role?: "owner";
  params?: P;
  query?: Q;
  /** A JSON body schema; "raw" leaves the body to the action (uploads read it as a stream). */
  body?: B | "raw";
  /** Names the request type in validation errors (`target`), as the API does. */
  name?: string;
  /** Success status (default 200; an action returning undefined answers 204). */
  status?: number;
}

/** Console mutations need an Origin (or a Referer) of this service: its session cookie is a trainer's. */
const CONSOLE_ORIGIN = { originRequired: true, refusal: "Cross-site request refused: this request did not come from the console." };

const NO_STORE = { "cache-control": "no-store" };
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", ...NO_STORE };

/**
 * The console's authorization, written once, around every internal route handler
 * (`app/api/console/**`), in order: same-origin check for mutations (CSRF), the signed-in
 * trainer from the session cookie (401), path validation, workspace membership when the path
 * names an organization (403 for a trainer of another workspace), the role (403 for a trainer
 * where an owner is required), strict query and body validation with the same zod schemas as
 * the API (400 ValidationError with field details), then the action; every thrown ApiError
 * becomes the API's error envelope.
 */
export function consoleRoute<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  spec: ConsoleRouteSpec<P, Q, B>,
  action: (ctx: ConsoleRouteContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<unknown>,
): (req: Request, ctx: NextContext) => Promise<Response> {
  const name = spec.name ?? "ConsoleRequest";
  return async (req, ctx) => {
    try {
      if (isMutation(req.method)) assertSameOrigin(req, CONSOLE_ORIGIN);
      const principal = await principalFromCookies(cookieLookup(req.headers.get("cookie")));
      if (!principal) throw unauthorized("Sign in to the console first.");
      const params = (spec.params ? parseOrThrow(spec.params, checkedParams(await ctx.params, `${name}Params`), `${name}Params`) : {}) as Record<string, unknown>;
      if (typeof params.organizationId === "string" && params.organizationId !== principal.organizationId) {
        throw forbidden("You are not a trainer of this workspace.");
      }
      if (spec.role === "owner" && principal.role !== "owner") throw forbidden("Only workspace owners can do this.");
      const url = new URL(req.url);
      const query = spec.query ? parseOrThrow(spec.query, checkedQuery(url.search, `${name}Query`), `${name}Query`) : undefined;
      const bodyTarget = `${name}Body`;
      const body = spec.body && spec.body !== "raw" ? parseOrThrow(spec.body, parseJsonBytes(await readBody(req), req.headers.get("content-type"), bodyTarget), bodyTarget) : undefined;
      const result = await action({ req, url, principal, params, query, body } as ConsoleRouteContext<Infer<P>, Infer<Q>, Infer<B>>);
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204, headers: NO_STORE });
      return new Response(JSON.stringify(result), { status: spec.status ?? 200, headers: JSON_HEADERS });
    } catch (err) {
      return thrownErrorResponse(err, NO_STORE, "console action failed", { path: new URL(req.url).pathname });
    }
  };
}

/** Path parameters of workspace routes. */
export const OrgParams = z.object({ organizationId: z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hexadecimal id") });

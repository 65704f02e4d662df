import type { z } from "zod";
import { parseOrThrow } from "@/server/core/validation";
import { MEMBER_COOKIE } from "@/server/services/pages/member-sign-in";
import { cookieValue, hexParam, readJson } from "@/server/routes/page-route";

/** The cast pages' internal routes: the token header, the session in the path, the member cookie, a strict JSON body. */
export const castToken = (req: Request) => req.headers.get("x-cast-token");
export const castSessionParam = (params: Record<string, string>) => hexParam(params.sessionId, "sessionId");
export const memberCookieOf = (req: Request) => cookieValue(req, MEMBER_COOKIE);

export async function castBody<S extends z.ZodType>(req: Request, schema: S, name: string): Promise<z.output<S>> {
  return parseOrThrow(schema, await readJson(req), name);
}

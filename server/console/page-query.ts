import { z } from "zod";
import { limitParam, offsetParam } from "@/server/contracts/schemas";

/** `limit` (1-50, default 20) and `offset` of the console's paginated lists: the API's own page parameters. */
export const PageQuery = z.object({ limit: limitParam(50, 20), offset: offsetParam }).strict();

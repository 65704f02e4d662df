import type { OperationDef } from "../operation";
import * as metadata from "./metadata";
import * as endusers from "./endusers";
import * as sessions from "./sessions";
import * as feedback from "./feedback";
import * as content from "./content";
import * as insights from "./insights";
import * as ai from "./ai";
import * as autopilot from "./autopilot";
import * as webhooks from "./webhooks";
import * as usage from "./usage";
import * as cast from "./cast";
import * as drops from "./drops";
import * as socialPublish from "./social-publish";
import * as chat from "./chat";
import * as push from "./push";
import * as embedTokens from "./embed-tokens";
import * as analytics from "./analytics";

/** Every declared operation; the OpenAPI document and the route coverage test read this list. */
export const ALL_OPERATIONS: OperationDef[] = collect(
  metadata,
  endusers,
  sessions,
  feedback,
  insights,
  content,
  ai,
  autopilot,
  webhooks,
  usage,
  cast,
  drops,
  socialPublish,
  chat,
  push,
  embedTokens,
  analytics,
);

function collect(...modules: Record<string, unknown>[]): OperationDef[] {
  const ops: OperationDef[] = [];
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (value && typeof value === "object" && "operationId" in value && "method" in value && "path" in value) ops.push(value as OperationDef);
    }
  }
  return ops;
}

import type { OperationDef } from "../operation";
import * as metadata from "./metadata";

/** Every declared operation; the OpenAPI document and the route coverage test read this list. */
export const ALL_OPERATIONS: OperationDef[] = collect(metadata);

function collect(...modules: Record<string, unknown>[]): OperationDef[] {
  const ops: OperationDef[] = [];
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (value && typeof value === "object" && "operationId" in value && "method" in value && "path" in value) ops.push(value as OperationDef);
    }
  }
  return ops;
}

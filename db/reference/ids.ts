import { createHash } from "node:crypto";

/** A stable 24-hex id for platform reference rows, so every database agrees on them. */
export function stableId(namespace: string, key: string): string {
  return createHash("sha256").update(`forma:${namespace}:${key}`).digest("hex").slice(0, 24);
}

/** The platform organization that owns the stock clip catalog. */
export const STOCK_ORGANIZATION_ID = stableId("organization", "platform-stock");

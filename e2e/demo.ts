import { readFileSync } from "node:fs";
import path from "node:path";

/** The demo workspace the e2e server created on its fresh database (DATA_DIR/demo-workspace.json). */
export interface DemoWorkspace {
  organizationId: string;
  apiKey: string;
  endUser: { id: string; email: string; externalId: string };
}

export function demoWorkspace(): DemoWorkspace {
  const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";
  return JSON.parse(readFileSync(path.join(path.resolve(dataDir), "demo-workspace.json"), "utf8")) as DemoWorkspace;
}

import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

import { S3_TEST_CREDENTIALS } from "./s3-settings";

export { S3_TEST_CREDENTIALS, s3Env } from "./s3-settings";

/**
 * Test support (not used by the service): an S3-compatible server in the test process (s3rver,
 * files in a temporary folder) with the media bucket, for the S3 storage path (S3_*, aws4fetch).
 * It checks SigV4 signatures with its fixed credentials.
 */
export interface TestS3 {
  endpoint: string;
  port: number;
  directory: string;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (the bucket's objects are kept). */
  restart(): Promise<void>;
}

export async function startTestS3(opts: { port?: number; directory?: string } = {}): Promise<TestS3> {
  const directory = opts.directory ?? mkdtempSync(path.join(os.tmpdir(), "forma-s3-"));
  const make = (port: number) =>
    new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: S3_TEST_CREDENTIALS.bucket, configs: [] }] });
  let server = make(opts.port ?? 0);
  const { port } = (await server.run()) as { port: number };
  const s3: TestS3 = {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    directory,
    stop: () => server.close(),
    async restart() {
      server = make(port);
      await server.run();
    },
  };
  return s3;
}


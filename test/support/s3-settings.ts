/** Test support: the settings of the tests' S3-compatible server (test/support/s3.ts), without loading it. */
export const S3_TEST_CREDENTIALS = { bucket: "forma-media", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/** The S3_* settings that point the service at the server at `endpoint`. */
export function s3Env(s3: { endpoint: string }): Record<string, string> {
  return {
    S3_BUCKET: S3_TEST_CREDENTIALS.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: S3_TEST_CREDENTIALS.region,
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}

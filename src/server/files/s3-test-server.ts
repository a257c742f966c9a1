/**
 * For tests only: an S3 API server (`@20minutes/s3rver`, objects on the local disk) started in
 * the test process on a free port of 127.0.0.1, in a temporary folder, with one empty bucket;
 * and the settings (environment variables, config.ts) that point the app's S3 driver at it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** Settings for `loadConfig` / a child process: STORAGE_DRIVER=s3 on `bucket`. */
  env(bucket?: string, prefix?: string): Record<string, string>;
  /** Creates another empty bucket. */
  createBucket(name: string): Promise<void>;
  /** Every key in `bucket` (default the first), sorted. */
  keys(bucket?: string): Promise<string[]>;
  stop(): Promise<void>;
}

export const TEST_BUCKET = "export-club-test";

/** Starts the server with the bucket `TEST_BUCKET`. */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "export-club-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const createBucket = async (name: string) => {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  };
  await createBucket(TEST_BUCKET);
  return {
    endpoint,
    env: (bucket = TEST_BUCKET, prefix = "uploads/") => ({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: prefix,
    }),
    createBucket,
    async keys(bucket = TEST_BUCKET) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * For tests only: the app on each storage driver (issue #16 §4), so that a test file can run its
 * cases on both with `describe.each(STORAGE_DRIVERS)`. On `s3` an S3 API server of its own is
 * started (s3-test-server.ts) and stopped with the app.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { createTestApp, type TestApp } from "../../test/app";
import { startTestS3, type TestS3 } from "./s3-test-server";

export const STORAGE_DRIVERS = ["local", "s3"] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export interface DriverApp {
  t: TestApp;
  /** Every stored key, sorted: local, the folder's file names (`.part` files included); s3, the object keys without the prefix. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function createDriverApp(driver: StorageDriverName): Promise<DriverApp> {
  let s3: TestS3 | undefined;
  if (driver === "s3") s3 = await startTestS3();
  const t = await createTestApp({ env: s3 ? s3.env() : {} }).catch(async (err: unknown) => {
    await s3?.stop();
    throw err;
  });
  return {
    t,
    keys: s3
      ? async () => (await s3.keys()).map((k) => k.replace(/^uploads\//, ""))
      : async () => (await readdir(path.join(t.config.dataDir, "uploads"))).sort(),
    async close() {
      await t.close();
      await s3?.stop();
    },
  };
}

/**
 * The `s3` driver of `FileStorage` (files/storage.ts, issue #16 §4, ADR 0018): objects
 * `<S3_PREFIX><key>` in one bucket of any S3-compatible service (AWS S3, Cloudflare R2, MinIO, …)
 * through the AWS SDK v3. A stream is sent with `@aws-sdk/lib-storage`'s `Upload` (one PutObject
 * up to 5 MB, a multipart upload above), which creates the object only once every byte has
 * arrived and aborts the multipart upload on error. The SDK is imported (dynamically) only when
 * the settings choose this driver: a static import would be hoisted into the server bundle and
 * loaded at every start.
 */
import { Readable } from "node:stream";
import type { ListMultipartUploadsCommandOutput, S3Client } from "@aws-sdk/client-s3";
import {
  type ByteRange,
  checkKeyForDriver as checkKey,
  type FileStorage,
  type StorageConfig,
  type StoredObject,
} from "./storage";

type Sdk = typeof import("@aws-sdk/client-s3");
type UploadClass = typeof import("@aws-sdk/lib-storage")["Upload"];

/** The S3 driver for `config`, the AWS SDK loaded now. */
export async function createS3Storage(config: Extract<StorageConfig, { driver: "s3" }>): Promise<S3Storage> {
  const [sdk, lib] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  return new S3Storage(config, sdk, lib.Upload);
}

/** The HTTP status of an SDK service error, or undefined for any other error. */
function statusOf(sdk: Sdk, err: unknown): number | undefined {
  return err instanceof sdk.S3ServiceException ? (err.$metadata.httpStatusCode ?? 0) : undefined;
}

/** Whether an SDK error means "no such object" (GetObject: NoSuchKey; HeadObject: a bare 404). */
function isMissing(sdk: Sdk, err: unknown): boolean {
  return (
    err instanceof sdk.S3ServiceException &&
    (err.name === "NoSuchKey" || err.name === "NotFound" || statusOf(sdk, err) === 404)
  );
}

/** Objects in one bucket of an S3-compatible service; see the module comment. */
export class S3Storage implements FileStorage {
  readonly driver = "s3";
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(
    config: Extract<StorageConfig, { driver: "s3" }>,
    private readonly sdk: Sdk,
    private readonly Upload: UploadClass,
  ) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without keys in the settings the SDK's own chain applies (AWS_* variables, an instance role).
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where the API requires them: the SDK's default CRC32 trailers (aws-chunked
      // bodies) are not understood by every S3-compatible service.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private objectKey(key: string): string {
    return this.prefix + checkKey(key);
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<void> {
    const upload = new this.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentType: opts.contentType },
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(this.sdk, err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const got = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(got.Body instanceof Readable)) throw new Error("S3 GetObject returned no stream");
      return got.Body;
    } catch (err) {
      if (isMissing(this.sdk, err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const stream = await this.get(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(keys: readonly string[]): Promise<void> {
    // DeleteObjects takes up to 1,000 keys; a missing key counts as deleted.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await this.client.send(
        new this.sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: this.objectKey(k) })), Quiet: true },
        }),
      );
      const failed = (res.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length > 0) throw new Error(`S3 delete failed: ${failed.map((e) => `${e.Key} ${e.Code}`).join(", ")}`);
    }
  }

  async pruneIncomplete(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(
          new this.sdk.ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.prefix || undefined,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (err) {
        // A service without this call (some S3 emulators) leaves it to the bucket's lifecycle
        // rule (AbortIncompleteMultipartUpload, README "File storage").
        const status = statusOf(this.sdk, err);
        if (status === 501 || (status !== undefined && (err as Error).name === "NotImplemented")) return removed;
        throw err;
      }
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() >= cutoff) continue;
        await this.client.send(
          new this.sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
        );
        removed++;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  close(): void {
    this.client.destroy();
  }
}

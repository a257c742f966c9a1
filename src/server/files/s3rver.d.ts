/**
 * The part of `@20minutes/s3rver` (a maintained fork of s3rver, an S3 API server on the local
 * disk, used only by the tests; it ships no types) that the tests use.
 */
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      address?: string;
      /** 0: any free port. */
      port?: number;
      silent?: boolean;
      /** Folder the buckets and objects are kept in. */
      directory: string;
      /** Accept any signature (the AWS SDK's current signing is not what s3rver recomputes). */
      allowMismatchedSignatures?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

// s3rver ships no types; this covers the part the local stack uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  // Types of the store the local stack reaches into (shared/local/s3rver-fixes.ts).
  namespace S3rver {
    /** One object of a listing (s3rver's S3Object; what the mended listings read of it). */
    export interface ListedObject {
      key: string;
      size: number;
      lastModifiedDate: Date;
      metadata: { etag?: string };
    }

    export interface ListObjectsOptions {
      prefix?: string;
      delimiter?: string;
      startAfter?: string;
      maxKeys?: number;
      fetchOwner?: boolean;
    }

    export interface ObjectListing {
      objects: ListedObject[];
      commonPrefixes: string[];
      isTruncated: boolean;
    }

    /** What a middleware reads and sets of Koa's context. */
    export interface RequestContext {
      method: string;
      path: string;
      query: Record<string, string | string[] | undefined>;
      type: string;
      body: unknown;
    }

    /** The store behind the server (its FilesystemStore); the bucket controllers call it through the server's context. */
    export interface S3rverStore {
      listObjects(bucket: string, options: ListObjectsOptions): Promise<ObjectListing>;
    }
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    store: S3rver.S3rverStore;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: import('node:http').Server;
    /** Koa's middleware list (S3rver extends Koa): composed when run() starts the server. */
    middleware: Array<(ctx: S3rver.RequestContext, next: () => Promise<void>) => Promise<void>>;
  }

  export = S3rver;
}

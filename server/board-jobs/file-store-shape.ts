/** What a file store is, apart from its two kinds (file-store.ts: a folder; s3-store.ts: a bucket). */

/**
 * Where the bytes of uploads and renders live; the database keeps what they are and their keys. Every call is
 * asynchronous file I/O (libuv's thread pool), so a large file never holds the gateway's event loop
 * (docs/decisions.md "Board files in a file store"). A bucket of an S3-compatible server is the other kind (s3-store.ts).
 */
export interface FileStore {
  /** How a runner process opens this same store. */
  readonly spec: FileStoreSpec;
  /** Writes the whole file or, on failure, nothing a reader could see. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every file under a prefix ('uploads/<id>/'); nothing there is fine. */
  removeAll(prefix: string): Promise<void>;
  /** The names directly under a prefix, with when each last changed. */
  list(prefix: string): Promise<{ name: string; modifiedAt: Date }[]>;
}

/**
 * What a runner process needs to open the same store: the store object itself cannot cross processes. A bucket's
 * spec holds its keys: it travels only in the task frames on the runner's pipe, never in arguments, environment or logs.
 */
export type FileStoreSpec = { kind: 'folder'; dir: string } | S3StoreSpec;

/** How a process opens one bucket (and prefix in it) of an S3-compatible server: FILE_STORE_URL and the S3_* settings. */
export interface S3StoreSpec {
  kind: 's3';
  bucket: string;
  /** '' or segments ending with '/': every key of the store lives under it. */
  prefix: string;
  /** null: AWS itself, found from the region. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

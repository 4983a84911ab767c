/** What `put` stored. */
export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

/** A stored file read back. */
export interface FileContent {
  bytes: Uint8Array;
  contentType: string;
  size: number;
}

/**
 * Private file storage (KYC documents first). Keys are opaque relative names chosen by the server
 * — never a user's file name — made of `[a-z0-9_-]` segments joined by `/` (see `assertFileKey`).
 * A `put` on an existing key replaces it; nothing here is ever served by the web server: a route
 * that shows a file reads it through this interface after its own authorization.
 *
 * Implementations, in src/adapters/file-store/ (decision 0033): `localFileStore(root)`, the
 * embedded default (a private folder, `./data/files` next to the embedded database), and
 * `s3FileStore` for several instances (architecture, "Runtime: embedded default vs.
 * production"): same keys as object keys, `put` = PutObject with the content type, `get` =
 * GetObject (NoSuchKey → null), `delete` = DeleteObject (idempotent), `exists` = HeadObject.
 * `FILES_URL` picks one (`fileStoreFromUrl`).
 */
export interface FileStore {
  kind: "local" | "s3";
  /** Stores the bytes under the key, replacing any previous file atomically. */
  put(key: string, bytes: Uint8Array, meta: { contentType: string }): Promise<StoredFile>;
  /** The file, or null when the key holds nothing. */
  get(key: string): Promise<FileContent | null>;
  /** Removes the file; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class InvalidFileKeyError extends Error {
  constructor(reason: string) {
    super(`Invalid file key: ${reason}`);
  }
}

export const FILE_KEY_MAX_LENGTH = 200;
/** Segments of `[a-z0-9_-]` joined by single slashes: no dot (so no `..`), no leading, trailing
 * or doubled slash. */
const KEY_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;
/** `type/subtype` with optional parameters, printable ASCII only (it may become a header). */
const CONTENT_TYPE_PATTERN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:\s*;[\x20-\x7e]*)?$/i;

/** Throws `InvalidFileKeyError` unless the key is a valid opaque relative name. */
export function assertFileKey(key: unknown): asserts key is string {
  if (typeof key !== "string") throw new InvalidFileKeyError("not a string");
  if (key.length === 0) throw new InvalidFileKeyError("empty");
  if (key.length > FILE_KEY_MAX_LENGTH) {
    throw new InvalidFileKeyError(`longer than ${FILE_KEY_MAX_LENGTH} characters`);
  }
  if (key.includes("..")) throw new InvalidFileKeyError("contains ..");
  if (key.startsWith("/")) throw new InvalidFileKeyError("absolute");
  if (!KEY_PATTERN.test(key)) {
    throw new InvalidFileKeyError("only [a-z0-9_-] segments separated by single slashes");
  }
}

/** Throws unless the content type is a short printable `type/subtype` (it may become a header). */
export function assertContentType(contentType: unknown): asserts contentType is string {
  if (
    typeof contentType !== "string" ||
    contentType.length > 200 ||
    !CONTENT_TYPE_PATTERN.test(contentType)
  ) {
    throw new Error("Invalid content type");
  }
}

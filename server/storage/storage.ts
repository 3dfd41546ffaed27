/** A stored file as it is read back. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (server/config.ts FILES_STORAGE): a folder of this machine or an S3-compatible bucket.
 * Keys are chosen by the server (`images/<uuid>.jpg`), never by a caller; a driver refuses any other shape.
 */
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The keys of one folder that start with `prefix` (`imports/<id>`: the folder `imports`, names starting with the
   * id), not those of its sub-folders; none when the folder holds nothing.
   */
  list(prefix: string): Promise<string[]>;
}

/** Segments of letters, digits, `-`, `_` and one dot before an extension, joined by `/`: no `..`, no absolute path. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[A-Za-z0-9]+)?$/;

export function assertSafeKey(key: string): void {
  if (key.length > 300 || !SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** A prefix to list: a folder, then the start of a name (letters, digits, `-`, `_`). */
const SAFE_PREFIX = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]*$/;

export function assertSafePrefix(prefix: string): void {
  if (prefix.length > 300 || !SAFE_PREFIX.test(prefix))
    throw new Error(`Unsafe storage prefix: ${JSON.stringify(prefix)}`);
}

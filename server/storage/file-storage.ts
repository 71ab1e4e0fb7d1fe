/** What every file store offers (local disk, S3), and the one rule for keys both enforce. */
import type { Readable } from "node:stream";

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** A file to send on as it is read: never whole in memory (downloads of large pictures). */
export interface FileStream {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The whole file, for code that works on its bytes (image processing). */
  get(key: string): Promise<StoredFile | null>;
  /** The file as a stream, for code that only passes it on. */
  open(key: string): Promise<FileStream | null>;
  delete(key: string): Promise<boolean>;
  /** Removes every file whose key starts with the prefix (a user's files on account deletion). */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A short-lived address the browser can fetch the file from directly, when the store and the
   * deployment allow it (S3 with S3_SIGNED_URLS); null means "serve it yourself".
   */
  signedUrl(key: string, options: { expiresInSeconds: number; contentDisposition?: string }): Promise<string | null>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A key is a relative path of safe characters: no `..`, no leading slash, no backslashes. */
export function isSafeKey(key: string): boolean {
  return (
    KEY_PATTERN.test(key) &&
    !key.split("/").some((part) => part === "" || part === "." || part === "..") &&
    key.length <= 500
  );
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, R2…) with the AWS SDK v3 client
 * (ADR 0038), so every process of a deployment reads the same files. Keys are the same as on the
 * local disk, under the bucket's optional prefix.
 */
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Settings } from "../config";
import { type FileStorage, isSafeKey } from "./file-storage";

/** Keys listed per page when deleting a prefix (S3's most). */
const LIST_PAGE = 1000;
/** Deletes in flight at once. */
const DELETE_CONCURRENCY = 8;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

export function createS3Storage(settings: S3Settings, client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  const root = settings.prefix ? `${settings.prefix}/` : "";
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return root + key;
  };
  const read = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const object = await read(key);
      if (!object?.Body) return null;
      const bytes = Buffer.from(await object.Body.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
    },
    async open(key) {
      const object = await read(key);
      if (!object?.Body) return null;
      return {
        // In Node the SDK's body is the HTTP response itself: a Readable read as it is sent on.
        stream: object.Body as Readable,
        contentType: object.ContentType ?? "application/octet-stream",
        size: object.ContentLength ?? 0,
      };
    },
    async delete(key) {
      const Key = objectKey(key);
      // S3 answers a delete the same whether or not the object was there; the caller wants to know.
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
      return true;
    },
    async deletePrefix(prefix) {
      const folder = prefix.replace(/\/+$/, "");
      if (!isSafeKey(folder)) throw new Error(`Unsafe storage prefix: ${prefix}`);
      const Prefix = `${root}${folder}/`;
      let deleted = 0;
      let more = true;
      // Page by page: a person with thousands of pictures never means thousands of keys in memory.
      // Each round lists from the start again, since the last round's keys are gone: no paging
      // token to keep (the original ListObjects, which every S3-compatible store answers).
      while (more) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Prefix, MaxKeys: LIST_PAGE }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        // One DELETE per object rather than the multi-object POST: every S3-compatible store has
        // it (some lack DeleteObjects), and an account's deletion is rare enough not to mind.
        for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
          const batch = keys.slice(i, i + DELETE_CONCURRENCY);
          await Promise.all(batch.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
        }
        deleted += keys.length;
        more = Boolean(page.IsTruncated) && keys.length > 0;
      }
      return deleted;
    },
    async signedUrl(key, { expiresInSeconds, contentDisposition }) {
      if (!settings.signedUrls) return null;
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentDisposition: contentDisposition,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the SDK's default trailing CRC32 on every upload is
    // not understood by every S3-compatible store, and TLS already protects the bytes in transit.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * The origin browsers fetch signed URLs from, for the Content-Security-Policy: the endpoint itself
 * with path-style addresses, the bucket's own host otherwise (AWS: bucket.s3.region.amazonaws.com).
 */
export function signedUrlOrigin(settings: S3Settings): string {
  if (!settings.endpoint) return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const endpoint = new URL(settings.endpoint);
  return settings.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

/**
 * One contract for every file store (ADR 0038), run on the local disk and on a real S3-protocol
 * server: what is put is got back byte for byte and as a stream, deletes say whether there was a
 * file, a prefix goes page by page, keys cannot escape, and signed URLs work where allowed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { FileStorage } from "../../server/storage/file-storage";
import { createS3Storage, s3Client } from "../../server/storage/s3-storage";
import { createLocalStorage } from "../../server/storage/storage";
import { type FakeS3, speakToS3rver, startFakeS3 } from "../support/s3-server";

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

function s3Storage(options: { prefix?: string; signedUrls?: boolean } = {}): FileStorage {
  const config = loadConfig({
    STORAGE_URL: `s3://${s3.bucket}${options.prefix ? `/${options.prefix}` : ""}`,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    S3_SIGNED_URLS: options.signedUrls ? "true" : "false",
  });
  return createS3Storage(config.s3!, speakToS3rver(s3Client(config.s3!)));
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const stores: [string, () => FileStorage][] = [
  ["local disk", () => createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "atelier-files-")))],
  ["S3", () => s3Storage({ prefix: `run-${Date.now()}` })],
];

describe.each(stores)("file storage on %s", (_name, make) => {
  it("gives back what was put, whole and as a stream, with its type", async () => {
    const store = make();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await store.put("users/u1/artworks/20261126000000-a.png", bytes, "image/png");
    expect(await store.get("users/u1/artworks/20261126000000-a.png")).toEqual({ bytes, contentType: "image/png" });
    const opened = await store.open("users/u1/artworks/20261126000000-a.png");
    expect(opened).toMatchObject({ contentType: "image/png", size: bytes.byteLength });
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    // Put again: replaced, never half-written.
    await store.put("users/u1/artworks/20261126000000-a.png", Buffer.from("new"), "image/webp");
    expect(await store.get("users/u1/artworks/20261126000000-a.png")).toEqual({
      bytes: Buffer.from("new"),
      contentType: "image/webp",
    });
  });

  it("answers a missing file with null and a delete with whether there was one", async () => {
    const store = make();
    expect(await store.get("users/u1/avatar/none.png")).toBeNull();
    expect(await store.open("users/u1/avatar/none.png")).toBeNull();
    await store.put("users/u1/avatar/x.png", Buffer.from("x"), "image/png");
    expect(await store.delete("users/u1/avatar/x.png")).toBe(true);
    expect(await store.delete("users/u1/avatar/x.png")).toBe(false);
    expect(await store.get("users/u1/avatar/x.png")).toBeNull();
  });

  it("deletes a prefix, and only it", async () => {
    const store = make();
    for (let i = 0; i < 12; i++) await store.put(`users/gone/artworks/${i}.png`, Buffer.from([i]), "image/png");
    await store.put("users/gone/avatar/a.png", Buffer.from("a"), "image/png");
    await store.put("users/gone-not/avatar/a.png", Buffer.from("b"), "image/png");
    await store.put("users/stays/avatar/a.png", Buffer.from("c"), "image/png");
    expect(await store.deletePrefix("users/gone/")).toBe(13);
    expect(await store.get("users/gone/artworks/3.png")).toBeNull();
    expect(await store.get("users/gone-not/avatar/a.png")).not.toBeNull();
    expect(await store.get("users/stays/avatar/a.png")).not.toBeNull();
    expect(await store.deletePrefix("users/nobody/")).toBe(0);
  });

  it("refuses keys that could escape", async () => {
    const store = make();
    for (const key of ["../x.png", "users/../../etc/passwd", "/abs.png", "users//x.png", "a\\b.png"]) {
      await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe("S3 specifics", () => {
  it("lists and deletes a large prefix page by page", async () => {
    const store = s3Storage({ prefix: "paged" });
    const keys = Array.from({ length: 1_005 }, (_, i) => `users/many/artworks/${String(i).padStart(4, "0")}.png`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, Buffer.from("x"), "image/png")));
    expect(await store.deletePrefix("users/many/")).toBe(1_005);
    expect(await store.get(keys[1_004]!)).toBeNull();
  });

  it("signs a short-lived download address only when the deployment allows it", async () => {
    const plain = s3Storage({ prefix: "signed" });
    await plain.put("site/slides/s.webp", Buffer.from("slide"), "image/webp");
    expect(await plain.signedUrl("site/slides/s.webp", { expiresInSeconds: 60 })).toBeNull();
    const signing = s3Storage({ prefix: "signed", signedUrls: true });
    const url = await signing.signedUrl("site/slides/s.webp", {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="s.webp"',
    });
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe("slide");
    // Tampered with, it is refused: the signature covers the key.
    expect((await fetch(url!.replace("s.webp", "t.webp"))).status).toBe(403);
  });

  it("reads its settings from the environment, refusing half of a key pair", () => {
    expect(loadConfig({ STORAGE_URL: "s3://bucket/some/prefix/" }).s3).toMatchObject({
      bucket: "bucket",
      prefix: "some/prefix",
      region: "us-east-1",
      forcePathStyle: false,
      signedUrls: false,
    });
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ STORAGE_URL: "http://bucket" })).toThrow(/STORAGE_URL: expected s3:\/\/bucket/);
    expect(() => loadConfig({ STORAGE_URL: "s3://bucket", S3_ACCESS_KEY_ID: "x" })).toThrow(/go together/);
  });
});

/**
 * File storage behind one small interface: the local disk by default (under DATA_DIR/files), an
 * S3-compatible bucket when STORAGE_URL names one (`s3-storage.ts`, ADR 0038). Bytes live here;
 * what they are and who owns them lives in the database. Keys look like
 * `users/{userId}/{kind}/{timestamp14}-{id}.{ext}` for people's files and
 * `site/{kind}/{timestamp14}-{id}.{ext}` for the site's own (public) pictures.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { timestamp14 } from "../../app/lib/timestamp";
import { getConfig } from "../config";
import { type FileStorage, isSafeKey } from "./file-storage";
import { createS3Storage } from "./s3-storage";

export function userFileKey(userId: string, kind: string, ext: string, now = new Date()): string {
  return `users/${userId}/${kind}/${timestamp14(now)}-${randomUUID()}.${ext}`;
}

/** Files of the site itself (slideshow backgrounds, product pictures): public, never owned by a user. */
export function siteFileKey(kind: string, ext: string, now = new Date()): string {
  return `site/${kind}/${timestamp14(now)}-${randomUUID()}.${ext}`;
}

export function isSiteFileKey(key: string): boolean {
  return key.startsWith("site/");
}

/** The user a key belongs to, when it is under users/{id}/. */
export function ownerOfKey(key: string): { userId: string; kind: string } | null {
  const m = /^users\/([^/]+)\/([^/]+)\//.exec(key);
  return m ? { userId: m[1]!, kind: m[2]! } : null;
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes, contentType) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.writeFile(`${file}.type`, contentType);
      await fs.rename(tmp, file);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const [bytes, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, "utf8").catch(() => "application/octet-stream"),
        ]);
        return { bytes, contentType };
      } catch {
        return null;
      }
    },
    async open(key) {
      const file = resolve(key);
      try {
        const [stat, contentType] = await Promise.all([
          fs.stat(file),
          fs.readFile(`${file}.type`, "utf8").catch(() => "application/octet-stream"),
        ]);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file), contentType, size: stat.size };
      } catch {
        return null;
      }
    },
    async signedUrl() {
      return null; // the local disk has no address of its own: Atelier serves it
    },
    async delete(key) {
      const file = resolve(key);
      try {
        await fs.rm(file);
        await fs.rm(`${file}.type`, { force: true });
        return true;
      } catch {
        return false;
      }
    },
    async deletePrefix(prefix) {
      const dir = resolve(prefix.replace(/\/+$/, ""));
      let count = 0;
      try {
        const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
        count = entries.filter((e) => e.isFile() && !e.name.endsWith(".type")).length;
      } catch {
        return 0;
      }
      await fs.rm(dir, { recursive: true, force: true });
      return count;
    },
  };
}

let storage: FileStorage | undefined;

export function getStorage(): FileStorage {
  if (!storage) {
    const config = getConfig();
    storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.filesDir);
  }
  return storage;
}

/** Every file an account owns (pictures, uploads, avatar) lives under its prefix and goes with it. */
export async function deleteUserFiles(userId: string): Promise<number> {
  return getStorage().deletePrefix(`users/${userId}/`);
}

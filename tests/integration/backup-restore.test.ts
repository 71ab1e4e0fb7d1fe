/**
 * `npm run backup` / `restore` (issue 18, ADR 0041) on both kinds of install: a populated install
 * is backed up and restored into an empty place, and the restore's own check (each table's count
 * and checksum against the backup's manifest) passes; the people and files are there. Backing up
 * into a used folder, or restoring over data, is refused. The PostgreSQL half runs in the
 * PostgreSQL project (pg_dump and pg_restore from Debian's PostgreSQL).
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import { user } from "../../server/db/schema";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { backupInstall, restoreInstall } from "../../server/ops/backup";
import { OpsRefused } from "../../server/ops/table-checks";
import { seedDemoData } from "../../server/seed";
import { createLocalStorage } from "../../server/storage/storage";
import { testDatabaseKind } from "../support/database";
import { onTestServer, postgresUrl } from "../support/global-setup";

const folders: string[] = [];
const databases: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-backup-"));
  folders.push(dir);
  return dir;
};

afterAll(async () => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** An install with demo data, one more person with tokens, and a file. */
async function populate(env: Record<string, string>) {
  const config = loadConfig(env);
  const handle = await openDatabase(config.database);
  try {
    await migrateDatabase(config.database, handle);
    await seedDemoData(handle.db);
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "Bea Backup", email: "bea@backup.test", emailVerified: true });
    await applyTokenMovement(handle.db, { userId: id, amount: 31, reason: "admin_adjustment", idempotencyKey: "b1" });
  } finally {
    await handle.close();
  }
  await createLocalStorage(config.filesDir).put("site/slides/kept.png", Buffer.from("png bytes"), "image/png");
  return config;
}

async function expectBea(env: Record<string, string>) {
  const config = loadConfig(env);
  const handle = await openDatabase(config.database);
  try {
    const [bea] = await handle.db.select().from(user).where(eq(user.email, "bea@backup.test"));
    expect(await getTokenBalance(handle.db, bea!.id)).toBe(31);
  } finally {
    await handle.close();
  }
  expect((await createLocalStorage(config.filesDir).get("site/slides/kept.png"))?.bytes.toString()).toBe("png bytes");
}

describe("backup and restore", () => {
  it.runIf(testDatabaseKind === "pglite")(
    "an embedded install: backed up while stopped, restored into an empty DATA_DIR, checked",
    async () => {
      const original = { DATA_DIR: tempDir() };
      await populate(original);
      const out = path.join(tempDir(), "backup");
      const manifest = await backupInstall(loadConfig(original), out, () => {});
      expect(manifest).toMatchObject({ kind: "pglite", files: 1 });
      expect(manifest.tables.find((t) => t.table === "user")!.rows).toBeGreaterThanOrEqual(3);
      await expect(backupInstall(loadConfig(original), out, () => {})).rejects.toThrow(OpsRefused);

      const restored = { DATA_DIR: tempDir() };
      await restoreInstall(loadConfig(restored), out, () => {});
      await expectBea(restored);
      await expect(restoreInstall(loadConfig(restored), out, () => {})).rejects.toThrow(/not empty|already holds/);
      await expect(
        restoreInstall(
          loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }),
          out,
          () => {},
        ),
      ).rejects.toThrow(/embedded install/);
    },
  );

  it.runIf(testDatabaseKind === "postgres")(
    "a PostgreSQL install: pg_dump while it runs, pg_restore into an empty database, checked",
    async () => {
      const [from, to] = [
        `atelier_bk_${randomBytes(4).toString("hex")}`,
        `atelier_rs_${randomBytes(4).toString("hex")}`,
      ];
      databases.push(from, to);
      await onTestServer(`CREATE DATABASE ${from}`);
      await onTestServer(`CREATE DATABASE ${to}`);
      const original = { DATA_DIR: tempDir(), DATABASE_URL: postgresUrl(from) };
      await populate(original);
      const out = path.join(tempDir(), "backup");
      expect(await backupInstall(loadConfig(original), out, () => {})).toMatchObject({ kind: "postgres", files: 1 });
      await expect(restoreInstall(loadConfig({ ...original, DATA_DIR: tempDir() }), out, () => {})).rejects.toThrow(
        /not empty/,
      );
      const restored = { DATA_DIR: tempDir(), DATABASE_URL: postgresUrl(to) };
      await restoreInstall(loadConfig(restored), out, () => {});
      await expectBea(restored);
    },
  );
});

/** Logout (spec §4): the session ends, the pending preview image is deleted, the browser keys are cleared. */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { COMMUNITY_STORAGE_PREFIX, USER_STORAGE_KEYS } from "../app/lib/browser-storage";
import { user } from "../server/db/schema";
import { signInAsDemoUser } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

/** The spec's keys as the app lists them, plus one community artwork key. */
const SPEC_KEYS = [...USER_STORAGE_KEYS, `${COMMUNITY_STORAGE_PREFIX}:42`];

test("signing out deletes the preview image and clears the stored keys", async ({ page, db }) => {
  const [demo] = await db.select().from(user).where(eq(user.email, "demo@atelier.local"));
  // The e2e server keeps files under ./data/files (DATA_DIR's default, relative to the repo).
  const fileName = "20261122010203-e2e-preview.webp";
  const file = path.resolve("data/files/users", demo!.id, "preview", fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "preview bytes");
  fs.writeFileSync(`${file}.type`, "image/webp");

  await signInAsDemoUser(page);
  await gotoHydrated(page, "/");
  await page.evaluate(
    ({ keys, fileName }) => {
      for (const key of keys) localStorage.setItem(key, key === "previewImage" ? fileName : "x");
      localStorage.setItem("unrelated-key", "stays");
    },
    { keys: SPEC_KEYS, fileName },
  );
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  const left = await page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), SPEC_KEYS);
  expect(left).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("unrelated-key"))).toBe("stays");
  await expect.poll(() => fs.existsSync(file)).toBe(false);
});

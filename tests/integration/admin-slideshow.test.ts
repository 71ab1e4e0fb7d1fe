/**
 * The home page's slideshow backgrounds and product pictures, on a real database and the local
 * file store: uploads checked by content and converted, order, on/off, schedule, replacement and
 * deletion of files, audit entries; and what the home page and pricing page read.
 */
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { slideForm } from "../../app/lib/admin-content";
import { productForm } from "../../app/lib/admin-products";
import {
  createProduct,
  productImageUrl,
  readProductImage,
  setProductImage,
  prepareProductImage,
} from "../../server/commerce/admin-products";
import { listShopProducts } from "../../server/commerce/products";
import {
  createSlide,
  deleteSlide,
  listLiveSlides,
  listSlidesForAdmin,
  moveSlide,
  setSlideActive,
  slideStatus,
  updateSlide,
} from "../../server/content/slideshow";
import { auditLog, slideshowBackgrounds, user } from "../../server/db/schema";
import { closeClassifier } from "../../server/safety/classifier";
import { ImageError } from "../../server/storage/images";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
// Slides are screened as they are stored (issue 40).
afterAll(() => closeClassifier());
const admin = { userUid: "admin-1", email: "admin@example.test" };

/** A real picture: a flat colour field of the given size, encoded as PNG (or another format). */
const picture = (width: number, height: number, color = { r: 200, g: 60, b: 40 }, format: "png" | "jpeg" = "png") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    [format]()
    .toBuffer();

const form = (title: string, extra: Record<string, string> = {}) => slideForm.parse({ title, active: "on", ...extra });
/** Two #rrggbb colours within 16 per channel. */
const near = (a: string, b: string) =>
  [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 16);
const exists = async (key: string) => (await getStorage().get(key)) !== null;

async function addAdmin() {
  await t.db
    .insert(user)
    .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
}

describe("slideshow backgrounds", () => {
  it("stores uploads as WebP within bounds, orders, switches and deletes slides with their files, auditing each change", async () => {
    await addAdmin();
    const a = await createSlide(
      t.db,
      admin,
      form("Harbour at dawn", { subtitle: "Made with ink sketch", linkUrl: "/community/main" }),
      await picture(3000, 1500),
    );
    expect(a).toMatchObject({ width: 2400, height: 1200, linkUrl: "/community/main", active: true });
    expect(near(a.color, "#c83c28")).toBe(true); // libvips buckets the dominant colour
    const stored = await getStorage().get(a.imageKey);
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(stored!.bytes).metadata()).format).toBe("webp");
    expect(a.imageKey).toMatch(/^site\/slides\/\d{14}-[0-9a-f-]{36}\.webp$/);

    const b = await createSlide(
      t.db,
      admin,
      form("Violet tide"),
      await picture(1200, 800, { r: 40, g: 30, b: 120 }, "jpeg"),
    );
    const c = await createSlide(t.db, admin, form("Paper city"), await picture(1600, 900));
    expect((await listLiveSlides(t.db)).map((s) => s.title)).toEqual(["Harbour at dawn", "Violet tide", "Paper city"]);
    expect((await listLiveSlides(t.db))[0]).toEqual({
      id: a.id,
      title: "Harbour at dawn",
      subtitle: "Made with ink sketch",
      href: "/community/main",
      imageUrl: `/api/files/${a.imageKey}`,
      color: a.color,
    });

    await moveSlide(t.db, admin, c.id, "up");
    await moveSlide(t.db, admin, c.id, "up");
    await moveSlide(t.db, admin, c.id, "up"); // already first
    await setSlideActive(t.db, admin, b.id, false);
    expect((await listLiveSlides(t.db)).map((s) => s.title)).toEqual(["Paper city", "Harbour at dawn"]);
    expect((await listSlidesForAdmin(t.db)).map((s) => s.title)).toEqual([
      "Paper city",
      "Harbour at dawn",
      "Violet tide",
    ]);

    // A new picture replaces the old file; fields alone keep it.
    const replaced = await updateSlide(
      t.db,
      admin,
      a.id,
      form("Harbour at dusk"),
      await picture(1024, 1024, { r: 10, g: 200, b: 90 }),
    );
    expect(replaced.imageKey).not.toBe(a.imageKey);
    expect(await exists(a.imageKey)).toBe(false);
    expect(await exists(replaced.imageKey)).toBe(true);
    const renamed = await updateSlide(t.db, admin, a.id, form("Harbour, again"), null);
    expect(renamed.imageKey).toBe(replaced.imageKey);

    await deleteSlide(t.db, admin, c.id);
    expect(await exists(c.imageKey)).toBe(false);
    expect((await listLiveSlides(t.db)).map((s) => s.title)).toEqual(["Harbour, again"]);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action).sort();
    expect(actions).toEqual(
      [
        "slide.create",
        "slide.create",
        "slide.create",
        "slide.move-up",
        "slide.move-up",
        "slide.deactivate",
        "slide.update",
        "slide.update",
        "slide.delete",
      ].sort(),
    );
  });

  it("shows a slide only inside its schedule", async () => {
    await addAdmin();
    const now = new Date("2026-12-10T12:00:00Z");
    await createSlide(
      t.db,
      admin,
      form("Advent", { startsAt: "2026-12-01T00:00", endsAt: "2026-12-25T00:00" }),
      await picture(1280, 720),
    );
    await createSlide(t.db, admin, form("New year", { startsAt: "2026-12-31T00:00" }), await picture(1280, 720));
    await createSlide(t.db, admin, form("Autumn", { endsAt: "2026-11-30T00:00" }), await picture(1280, 720));
    expect((await listLiveSlides(t.db, now)).map((s) => s.title)).toEqual(["Advent"]);
    expect((await listLiveSlides(t.db, new Date("2027-01-01T00:00:00Z"))).map((s) => s.title)).toEqual(["New year"]);
    expect((await listLiveSlides(t.db, new Date("2026-12-25T00:00:00Z"))).map((s) => s.title)).toEqual([]); // the end is exclusive
    const statuses = (await listSlidesForAdmin(t.db)).map((s) => [s.title, slideStatus(s, now)]);
    expect(statuses).toEqual([
      ["Advent", "live"],
      ["New year", "scheduled"],
      ["Autumn", "ended"],
    ]);
  });

  it("refuses files that are not pictures, pictures too small, and bad fields — storing nothing", async () => {
    await addAdmin();
    const refusal = (bytes: Buffer) =>
      createSlide(t.db, admin, form("Nope"), bytes).then(
        () => null,
        (e: unknown) => e,
      );
    const fake = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.from("not really a png")]);
    expect(await refusal(fake)).toEqual(
      new ImageError("not_an_image", "That file is not an image we can read (use JPEG, PNG, WebP, GIF or AVIF)"),
    );
    expect(await refusal(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeInstanceOf(ImageError);
    expect(await refusal(await picture(800, 600))).toEqual(
      new ImageError("image_too_small", "That image is too small: use one at least 1024 pixels wide"),
    );
    expect(await refusal(Buffer.alloc(0))).toEqual(new ImageError("empty_upload", "Choose an image file"));
    expect(await t.db.select().from(slideshowBackgrounds)).toEqual([]);

    const issues = (input: Record<string, string>) =>
      slideForm.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ title: "" })).toEqual([["title", "Give the slide a title"]]);
    expect(issues({ title: "x", linkUrl: "javascript:alert(1)" })).toEqual([
      ["linkUrl", "Use a path on this site (like /community/main) or an https:// address"],
    ]);
    expect(issues({ title: "x", linkUrl: "//evil.example" })).toEqual([
      ["linkUrl", "Use a path on this site (like /community/main) or an https:// address"],
    ]);
    expect(issues({ title: "x", linkUrl: "http://plain.example" })).toEqual([
      ["linkUrl", "Use a path on this site (like /community/main) or an https:// address"],
    ]);
    expect(issues({ title: "x", linkUrl: "https://shop.example/sale" })).toBeUndefined();
    expect(issues({ title: "x", startsAt: "tomorrow" })).toEqual([
      ["startsAt", "Use a date and time like 2026-12-01T09:00"],
    ]);
    expect(issues({ title: "x", startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T00:00" })).toEqual([
      ["endsAt", "The end must come after the start"],
    ]);
  });
});

describe("product pictures", () => {
  it("adds, replaces and removes a product's picture, gives a duplicate its own copy, and the pricing page shows it", async () => {
    await addAdmin();
    const values = {
      name: "Starter",
      description: "A first pack",
      price: "4.99",
      currency: "USD",
      tokens: "100",
      bonusTokens: "0",
      tier: "starter",
      features: "",
      badge: "",
      sortOrder: "1",
      active: "on",
    };
    const product = await createProduct(t.db, admin, productForm.parse(values));
    const withPicture = await setProductImage(
      t.db,
      admin,
      product.id,
      await prepareProductImage(await picture(2000, 1000)),
    );
    expect(withPicture.imageKey).toMatch(/^site\/products\/.+\.webp$/);
    expect((await sharp((await getStorage().get(withPicture.imageKey!))!.bytes).metadata()).width).toBe(1200);
    const shop = await listShopProducts(t.db);
    expect(shop.find((p) => p.id === product.id)?.imageUrl).toBe(productImageUrl(withPicture));

    const copy = await createProduct(t.db, admin, productForm.parse({ ...values, name: "Starter (copy)" }), {
      duplicateOf: product.id,
    });
    const copied = await setProductImage(t.db, admin, copy.id, (await readProductImage(withPicture))!);
    expect(copied.imageKey).not.toBe(withPicture.imageKey);

    const replaced = await setProductImage(t.db, admin, product.id, await prepareProductImage(await picture(300, 300)));
    expect(await exists(withPicture.imageKey!)).toBe(false);
    expect(await exists(copied.imageKey!)).toBe(true);
    const removed = await setProductImage(t.db, admin, product.id, null);
    expect(removed.imageKey).toBeNull();
    expect(await exists(replaced.imageKey!)).toBe(false);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, product.id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      "product.create",
      "product.image",
      "product.image",
      "product.image-remove",
    ]);
    await expect(prepareProductImage(Buffer.from("GIF89a but not really"))).rejects.toBeInstanceOf(ImageError);
  });
});

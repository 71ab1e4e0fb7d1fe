/**
 * The product catalogue as admins edit it, on a real database: create, edit, duplicate, archive
 * and restore, each with its audit entry (before and after) written in the same transaction;
 * search, status filters, sorting and pages; the shop sees the changes at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productForm, productListQuery } from "../../app/lib/admin-products";
import {
  createProduct,
  listProductsForAdmin,
  productFormValues,
  setProductArchived,
  updateProduct,
} from "../../server/commerce/admin-products";
import { CommerceError } from "../../server/commerce/errors";
import { listShopProducts } from "../../server/commerce/products";
import { auditLog, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };

async function withAdmin() {
  await t.db
    .insert(user)
    .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
}

const form = (change: Record<string, string> = {}) =>
  productForm.parse({
    name: "Mega",
    price: "12.50",
    currency: "USD",
    tokens: "2000",
    bonusTokens: "250",
    tier: "Mega",
    features: "Big\n\n  Bigger  \n",
    badge: "",
    sortOrder: "5",
    active: "on",
    ...change,
  });

describe("the product editor's rules", () => {
  it("reads money as minor units and names what is wrong", () => {
    expect(form()).toMatchObject({
      price: 1250,
      tier: "mega",
      features: ["Big", "Bigger"],
      active: true,
      bonusTokens: 250,
    });
    expect(
      productForm.parse({
        ...Object.fromEntries(
          Object.entries(
            productFormValues({
              ...form(),
              priceMinor: 999,
              id: "x",
              imageKey: null,
              badge: null,
              archivedAt: null,
              createdAt: new Date(),
              updatedAt: new Date(),
              features: [],
            } as never),
          ),
        ),
      }).price,
    ).toBe(999);
    const bad = productForm.safeParse({
      name: "",
      price: "1,5",
      tokens: "0",
      tier: "no spaces",
      features: "x\n".repeat(9),
    });
    expect(bad.success).toBe(false);
    const fields = Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(fields).toMatchObject({
      name: "Name the product",
      price: "Enter a price such as 9.99",
      tokens: "Tokens must be at least 1",
      tier: "A tier is a short name of letters, digits and dashes",
      features: "List at most 8 features",
    });
    expect(productForm.safeParse({ ...form(), price: "0.10" }).error?.issues[0]?.message).toBe(
      "The price must be at least 0.50",
    );
  });
});

describe("editing the catalogue", () => {
  it("creates, edits, duplicates, archives and restores, auditing each change", async () => {
    await withAdmin();
    const created = await createProduct(t.db, admin, form());
    expect((await listShopProducts(t.db)).map((p) => p.name)).toEqual(["Mega"]);
    const edited = await updateProduct(t.db, admin, created.id, form({ name: "Mega pack", price: "11.00" }));
    expect(edited).toMatchObject({ name: "Mega pack", priceMinor: 1100 });
    const copy = await createProduct(t.db, admin, productForm.parse(productFormValues(edited, true)), {
      duplicateOf: created.id,
    });
    expect(copy).toMatchObject({ name: "Mega pack (copy)", active: false, priceMinor: 1100 });
    expect((await listShopProducts(t.db)).map((p) => p.name)).toEqual(["Mega pack"]); // the copy waits, inactive
    await setProductArchived(t.db, admin, created.id, true);
    expect(await listShopProducts(t.db)).toEqual([]);
    const restored = await setProductArchived(t.db, admin, created.id, false);
    expect(restored).toMatchObject({ archivedAt: null, active: false });

    // Several changes can share a millisecond, so entries are found by action, not by order.
    const entries = await t.db.select().from(auditLog);
    expect(entries.map((e) => `${e.action} ${e.entityId}`).sort()).toEqual(
      [
        `product.create ${created.id}`,
        `product.update ${created.id}`,
        `product.duplicate ${copy.id}`,
        `product.archive ${created.id}`,
        `product.restore ${created.id}`,
      ].sort(),
    );
    const entry = (action: string) => entries.find((e) => e.action === action)!;
    expect(entry("product.update")).toMatchObject({
      actorId: admin.userUid,
      actorEmail: admin.email,
      before: { name: "Mega", priceMinor: 1250 },
      after: { name: "Mega pack", priceMinor: 1100 },
    });
    expect(entry("product.duplicate").before).toEqual({ duplicateOf: created.id });
  });

  it("writes nothing, audit included, when the change fails", async () => {
    await withAdmin();
    const error = await updateProduct(t.db, admin, "00000000-0000-4000-8000-000000000000", form()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CommerceError);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it("searches, filters by status, sorts and pages on the server", async () => {
    await withAdmin();
    for (let i = 0; i < 23; i++)
      await createProduct(
        t.db,
        admin,
        form({
          name: `Pack ${String(i).padStart(2, "0")}`,
          price: `${i + 1}.00`,
          tier: i % 2 ? "odd" : "even",
          active: i < 20 ? "on" : "",
        }),
      );
    const list = (q: Record<string, string>) => listProductsForAdmin(t.db, productListQuery.parse(q));
    const first = await list({ sort: "price", dir: "desc" });
    expect(first).toMatchObject({ total: 23, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]!.name).toBe("Pack 22");
    expect((await list({ sort: "price", dir: "desc", page: "2" })).rows.map((r) => r.name)).toEqual([
      "Pack 02",
      "Pack 01",
      "Pack 00",
    ]);
    expect((await list({ page: "99" })).page).toBe(2);
    expect((await list({ q: "odd" })).total).toBe(11);
    expect((await list({ q: "Pack 1" })).total).toBe(10);
    expect((await list({ q: "100%_" })).total).toBe(0);
    expect((await list({ status: "inactive" })).total).toBe(3);
    const [one] = (await list({ q: "Pack 05" })).rows;
    await setProductArchived(t.db, admin, one!.id, true);
    expect((await list({ status: "archived" })).rows.map((r) => r.name)).toEqual(["Pack 05"]);
    expect((await list({ status: "active" })).total).toBe(19);
    expect((await list({ status: "nonsense", sort: "nonsense" })).total).toBe(23);
    const [audits] = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, "product.archive"));
    expect(audits).toBeDefined();
  });
});

/** Discount codes as admins manage them, on a real database: the editor's rules, audited changes, usage figures and list filters. */
import { describe, expect, it } from "vitest";
import { discountForm, discountListQuery } from "../../app/lib/admin-discounts";
import {
  createDiscount,
  discountFormValues,
  getDiscountForAdmin,
  listDiscountsForAdmin,
  setDiscountActive,
  updateDiscount,
} from "../../server/commerce/admin-discounts";
import { CommerceError } from "../../server/commerce/errors";
import { priceOrder } from "../../server/commerce/pricing";
import { listShopProducts, seedDemoShop } from "../../server/commerce/products";
import { auditLog, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };
const form = (change: Record<string, unknown> = {}) =>
  discountForm.parse({ code: "spring-25", kind: "percent", value: "25", maxPerUser: "1", active: "on", ...change });

describe("the discount editor's rules", () => {
  it("reads percents, amounts, windows and limits, naming what is wrong", () => {
    expect(form()).toMatchObject({
      code: "SPRING-25",
      kind: "percent",
      value: 25,
      maxRedemptions: null,
      minOrder: 0,
      productIds: [],
      active: true,
    });
    expect(form({ kind: "fixed", value: "5.00", minOrder: "20", maxRedemptions: "10" })).toMatchObject({
      value: 500,
      minOrder: 2000,
      maxRedemptions: 10,
    });
    const issues = (input: Record<string, unknown>) =>
      Object.fromEntries(
        discountForm
          .safeParse({ code: "OK1", kind: "percent", value: "10", ...input })
          .error!.issues.map((i) => [String(i.path[0]), i.message]),
      );
    expect(issues({ value: "150" })).toEqual({ value: "A percent from 1 to 100" });
    expect(issues({ kind: "fixed", value: "abc" })).toEqual({ value: "Enter an amount such as 5.00" });
    expect(issues({ code: "a b" })).toMatchObject({ code: "3 to 40 letters, digits, dashes or underscores" });
    expect(issues({ validFrom: "2026-12-10T00:00", validUntil: "2026-12-01T00:00" })).toEqual({
      validUntil: "The end must come after the start",
    });
    expect(issues({ maxRedemptions: "0" })).toMatchObject({
      maxRedemptions: "A whole number of at least 1, or empty for no limit",
    });
  });
});

describe("managing codes", () => {
  it("creates, edits and switches codes off, audited, and the shop follows", async () => {
    await t.db
      .insert(user)
      .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
    await seedDemoShop(t.db);
    const [starter] = await listShopProducts(t.db);
    const items = [{ productId: starter!.id, quantity: 1 }];
    const code = await createDiscount(t.db, admin, form());
    expect((await priceOrder(t.db, { items, code: "spring-25" })).discountMinor).toBe(124);
    expect(await createDiscount(t.db, admin, form()).catch((e: unknown) => e)).toMatchObject({
      code: "code_taken",
      fields: { code: ["This code exists already"] },
    });
    const edited = await updateDiscount(t.db, admin, code.id, form({ kind: "fixed", value: "1.00" }));
    expect(discountFormValues(edited)).toMatchObject({ kind: "fixed", value: "1.00", code: "SPRING-25" });
    expect((await priceOrder(t.db, { items, code: "SPRING-25" })).discountMinor).toBe(100);
    await setDiscountActive(t.db, admin, code.id, false);
    expect((await priceOrder(t.db, { items, code: "SPRING-25" })).codeError).toBe(
      "We don't know this code. Check the spelling.",
    );
    expect((await getDiscountForAdmin(t.db, code.id))!.usage).toEqual({ paidOrders: 0, discountedMinor: 0, held: 0 });
    expect((await t.db.select().from(auditLog)).map((a) => a.action).sort()).toEqual([
      "discount.create",
      "discount.deactivate",
      "discount.update",
    ]);
    expect(
      await updateDiscount(t.db, admin, "00000000-0000-4000-8000-000000000000", form()).catch((e: unknown) => e),
    ).toBeInstanceOf(CommerceError);
  });

  it("lists with search and status filters", async () => {
    await t.db
      .insert(user)
      .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
    await createDiscount(t.db, admin, form({ code: "ALPHA" }));
    await createDiscount(t.db, admin, form({ code: "BETA", active: "" }));
    await createDiscount(
      t.db,
      admin,
      form({ code: "GAMMA", validFrom: "2020-01-01T00:00", validUntil: "2020-02-01T00:00" }),
    );
    const codes = async (q: Record<string, string>) =>
      (await listDiscountsForAdmin(t.db, discountListQuery.parse(q))).rows.map((r) => r.code).sort();
    expect(await codes({})).toEqual(["ALPHA", "BETA", "GAMMA"]);
    expect(await codes({ status: "active" })).toEqual(["ALPHA"]);
    expect(await codes({ status: "inactive" })).toEqual(["BETA"]);
    expect(await codes({ status: "expired" })).toEqual(["GAMMA"]);
    expect(await codes({ q: "et" })).toEqual(["BETA"]);
  });
});

/** Admin pages' input (issue 15): list filters are cleaned, never a crash; hand-read forms refuse control characters. */
import { describe, expect, it } from "vitest";
import { parseListQuery } from "../../server/admin/list-query";
import { logQuery } from "../../server/admin/logs";
import { discountListQuery } from "../../app/lib/admin-discounts";
import { productListQuery } from "../../app/lib/admin-products";
import { transactionListQuery } from "../../app/lib/admin-transactions";
import { userListQuery } from "../../app/lib/admin-users";
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterFields } from "../../app/lib/plain-text";

const url = (query: Record<string, string>) => `http://admin.test/admin/x?${new URLSearchParams(query)}`;

describe("admin list filters", () => {
  it("turn control characters into spaces, like the community search", () => {
    expect(parseListQuery(userListQuery, url({ q: "ada\u0000love\u001b" }))).toMatchObject({ q: "ada love" });
    expect(parseListQuery(transactionListQuery, url({ user: "\u0000buyer@example.test" }))).toMatchObject({
      user: "buyer@example.test",
    });
    expect(parseListQuery(logQuery, url({ q: "a\u0007b", entity: "user\u0000" }))).toMatchObject({
      q: "a b",
      entity: "user",
    });
  });

  it("cut an over-long search to the schema's limit instead of failing", () => {
    expect(parseListQuery(discountListQuery, url({ q: "x".repeat(5000) })).q).toBe("x".repeat(40));
    expect(parseListQuery(productListQuery, url({ q: `  ${"y".repeat(100)}` })).q).toBe("y".repeat(60));
    expect(parseListQuery(userListQuery, url({ q: "z".repeat(121) })).q).toHaveLength(120);
  });

  it("keep the other filters, and their defaults for values that cannot be used", () => {
    expect(
      parseListQuery(userListQuery, url({ q: "q".repeat(500), role: "admin", sort: "\u0000", page: "x" })),
    ).toEqual({ q: "q".repeat(120), role: "admin", status: "all", sort: "created", dir: "desc", page: 1 });
    expect(parseListQuery(productListQuery, url({}))).toEqual(productListQuery.parse({}));
  });
});

describe("hand-read admin forms", () => {
  it("name every field holding control characters, a file's name included", () => {
    const form = new FormData();
    form.set("subject", "Hello\u0000");
    form.set("message", "two\nlines\tand tabs");
    form.set("note", "esc\u001b");
    form.set("attachment", new File(["x"], "a\u0001.txt"));
    form.set("other", new File(["x"], "fine.txt"));
    expect(controlCharacterFields(form)).toEqual({
      subject: CONTROL_CHARACTERS_MESSAGE,
      note: CONTROL_CHARACTERS_MESSAGE,
      attachment: expect.stringMatching(/Rename the file/),
    });
  });
});

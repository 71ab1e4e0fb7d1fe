/** The log page's reads on a real database: audit entries and error reports, searched, filtered and paged. */
import { describe, expect, it } from "vitest";
import { recordAudit } from "../../server/audit/audit";
import { listAuditEntries, listErrorReports, logQuery } from "../../server/admin/logs";
import { errorReports, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

describe("the log page", () => {
  it("searches audit entries by admin, action or record, filters by record type and pages", async () => {
    await t.db
      .insert(user)
      .values({ id: "a1", name: "A", email: "ann@example.test", emailVerified: true, role: "admin" });
    for (let i = 0; i < 30; i++)
      await recordAudit(
        t.db,
        { userUid: "a1", email: "ann@example.test" },
        {
          action: i % 2 ? "product.update" : "faq.create",
          entityType: i % 2 ? "product" : "faq",
          entityId: `id-${i}`,
          after: { i },
        },
      );
    const read = (q: Record<string, string>) => listAuditEntries(t.db, logQuery.parse(q));
    expect(await read({})).toMatchObject({ total: 30, pages: 2, page: 1 });
    expect((await read({ page: "2" })).rows).toHaveLength(5);
    expect((await read({ entity: "faq" })).total).toBe(15);
    expect((await read({ q: "product.upd" })).total).toBe(15);
    expect((await read({ q: "id-7" })).rows.map((r) => r.entityId)).toEqual(["id-7"]);
    expect((await read({ q: "ann@" })).total).toBe(30);
  });

  it("searches error reports by message and filters by platform", async () => {
    await t.db.insert(errorReports).values([
      {
        errorReportBySystem: "Failed to send custom email: boom",
        whatPlatform: "Server",
        whatFunction: "send-custom-email",
      },
      { errorReportBySystem: "TypeError: x is undefined", whatPlatform: "Client", whatPage: "/community/list" },
    ]);
    const read = (q: Record<string, string>) => listErrorReports(t.db, logQuery.parse({ tab: "errors", ...q }));
    expect((await read({})).total).toBe(2);
    expect((await read({ platform: "Server" })).rows.map((r) => r.whatFunction)).toEqual(["send-custom-email"]);
    expect((await read({ q: "community" })).rows.map((r) => r.whatPlatform)).toEqual(["Client"]);
  });
});

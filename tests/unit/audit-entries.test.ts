/** The log page's reading of audit entries (app/lib/audit-entries.ts). */
import { describe, expect, it } from "vitest";
import { auditFieldChanges, auditRecordHref, auditRecordName, describeAuditAction } from "../../app/lib/audit-entries";

describe("audit entries as people read them", () => {
  it("say what happened in words, for every code the back office writes", () => {
    expect(describeAuditAction("product.update", "product")).toBe("Token pack edited");
    expect(describeAuditAction("faq.move-up", "faq")).toBe("FAQ question moved up");
    expect(describeAuditAction("engine.route", "engine_route")).toBe("Engine routes order changed");
    expect(describeAuditAction("settings.flag-on", "settings")).toBe("Setting flag switched on");
    expect(describeAuditAction("artwork.unfeature", "artwork")).toBe("Artwork no longer featured");
    expect(describeAuditAction("slide.deactivate", "slide")).toBe("Home page slide switched off");
    expect(describeAuditAction("widget.fold-twice", "widget")).toBe("widget fold twice");
  });

  it("name the record from what the entry kept, and link to its page", () => {
    expect(auditRecordName({ name: "Old" }, { name: "Starter" })).toBe("Starter");
    expect(auditRecordName({ question: "Why?" }, null)).toBe("Why?");
    expect(auditRecordName({ banned: false }, { banned: true })).toBeNull();
    expect(auditRecordHref("product", "p 1")).toBe("/admin/edit-list-product?id=p%201");
    expect(auditRecordHref("settings", "allowed_domains")).toBe("/admin/set-token-default");
    expect(auditRecordHref("mystery", "x")).toBeNull();
    expect(auditRecordHref("user", null)).toBeNull();
  });

  it("list the changed fields side by side: only what differs on an edit, everything on a creation or a deletion", () => {
    expect(
      auditFieldChanges(
        { name: "A", price: 100, updatedAt: "t1", active: true },
        { name: "B", price: 100, updatedAt: "t2", active: false },
      ),
    ).toEqual([
      { field: "name", before: "A", after: "B" },
      { field: "active", before: "yes", after: "no" },
    ]);
    expect(auditFieldChanges(null, { code: "SAVE", note: "" })).toEqual([
      { field: "code", before: "—", after: "SAVE" },
      { field: "note", before: "—", after: "(empty)" },
    ]);
    expect(auditFieldChanges({ question: "Q" }, null)).toEqual([{ field: "question", before: "Q", after: "—" }]);
    expect(auditFieldChanges(["a"], ["a", "b"])).toEqual([{ field: "value", before: '["a"]', after: '["a","b"]' }]);
  });
});

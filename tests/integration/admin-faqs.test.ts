/** The FAQ as admins edit it, on a real database: create, edit, publish, reorder and delete, audited; the pricing page reads the published ones in order. */
import { describe, expect, it } from "vitest";
import { faqForm } from "../../app/lib/admin-content";
import {
  createFaq,
  deleteFaq,
  listFaqsForAdmin,
  listPublishedFaqs,
  moveFaq,
  setFaqPublished,
  updateFaq,
} from "../../server/content/faqs";
import { auditLog, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };
const form = (question: string, published = "on") =>
  faqForm.parse({ question, answer: `The answer to ${question}`, published });

describe("the FAQ", () => {
  it("keeps questions in order, publishes, moves and deletes them, auditing each change", async () => {
    await t.db
      .insert(user)
      .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
    const a = await createFaq(t.db, admin, form("First question?"));
    const b = await createFaq(t.db, admin, form("Second question?", ""));
    const c = await createFaq(t.db, admin, form("Third question?"));
    expect((await listPublishedFaqs(t.db)).map((f) => f.id)).toEqual([a.id, c.id]);
    await setFaqPublished(t.db, admin, b.id, true);
    await moveFaq(t.db, admin, c.id, "up");
    await moveFaq(t.db, admin, c.id, "up");
    await moveFaq(t.db, admin, c.id, "up"); // already first: nothing changes
    expect((await listFaqsForAdmin(t.db)).map((f) => f.id)).toEqual([c.id, a.id, b.id]);
    await updateFaq(t.db, admin, a.id, form("First question, reworded?"));
    await deleteFaq(t.db, admin, b.id);
    expect((await listPublishedFaqs(t.db)).map((f) => f.question)).toEqual([
      "Third question?",
      "First question, reworded?",
    ]);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action).sort();
    expect(actions).toEqual(
      [
        "faq.create",
        "faq.create",
        "faq.create",
        "faq.delete",
        "faq.move-up",
        "faq.move-up",
        "faq.publish",
        "faq.update",
      ].sort(),
    );
    expect(faqForm.safeParse({ question: "Hi", answer: "" }).error!.issues.map((i) => i.message)).toEqual([
      "Write the question (at least 5 characters)",
      "Write the answer (at least 5 characters)",
    ]);
  });
});

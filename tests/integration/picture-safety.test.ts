/**
 * Picture screening with the real classifier (issue 40, ADR 0059): nsfwjs's MobileNetV2 on worker
 * threads, its scores kept once per picture's bytes, and ratings from the administrators'
 * thresholds. No stub: the thresholds are moved so the model's real scores cross them.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createEngine, setModeRoute } from "../../server/admin/engines";
import { saveSafetySettings } from "../../server/admin/settings/safety";
import { invalidateEngineCatalog } from "../../server/generation/engines/catalog";
import { routeEngines } from "../../server/generation/engines/registry";
import { startFakeA1111 } from "../support/a1111-server";
import {
  auditLog,
  generationImages,
  generations,
  notifications,
  pictureScreenings,
  user,
} from "../../server/db/schema";
import { listQuery, publishInput } from "../../app/lib/community";
import { AppError } from "../../server/app-error";
import { listArtworks } from "../../server/community/artworks";
import {
  decideReview,
  listOpenReviews,
  requestArtworkReview,
  reviewDecisionInput,
} from "../../server/community/picture-reviews";
import { MARK_MATURE_MESSAGE, publishArtwork, updateArtwork } from "../../server/community/publishing";
import { createGeneration, getGenerationView } from "../../server/generation/generations";
import { FORBIDDEN_COMBINATION_MESSAGE, isMaturePrompt } from "../../server/safety/prompt-terms";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { HELD_MESSAGE, runGeneration } from "../../server/generation/render-job";
import { getStorage } from "../../server/storage/storage";
import { closeClassifier } from "../../server/safety/classifier";
import { MATURE_UPLOAD_MESSAGE, screenUpload } from "../../server/safety/uploads";
import { pictureHash, ratePicture, screenPicture } from "../../server/safety/screenings";
import {
  DEFAULT_SAFETY_THRESHOLDS,
  adultShares,
  rateScores,
  saveSafetyThresholds,
} from "../../server/safety/thresholds";
import { setUpTestDatabase } from "../support/database";
import { generationInputOf } from "../support/generation-input";
import { landscape } from "../support/pictures";

const t = setUpTestDatabase();
afterAll(() => closeClassifier());

describe("screening a picture", () => {
  it("rates a neutral picture general with the default thresholds, and keeps its scores once", async () => {
    const bytes = await landscape();
    const first = await screenPicture(t.db, bytes);
    expect(first.fresh).toBe(true);
    expect(first.sha256).toBe(pictureHash(bytes));
    expect(first.model).toBe("MobileNetV2");
    expect(first.modelVersion).toMatch(/^nsfwjs \d+\.\d+\.\d+$/);
    const total = Object.values(first.scores).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0.98);
    expect(rateScores(first.scores, DEFAULT_SAFETY_THRESHOLDS)).toBe("general");

    const again = await screenPicture(t.db, bytes);
    expect(again.fresh).toBe(false);
    expect(again.scores).toEqual(first.scores);
    const rows = await t.db.select().from(pictureScreenings).where(eq(pictureScreenings.sha256, first.sha256));
    expect(rows).toHaveLength(1);
  });

  it("rates the same picture mature or explicit once an admin lowers the thresholds below its real scores", async () => {
    const bytes = await landscape();
    const { scores } = await screenPicture(t.db, bytes);
    const shares = adultShares(scores);
    expect(shares.explicit).toBeGreaterThan(0.0001); // the model is never entirely sure

    await saveSafetyThresholds(t.db, { matureAt: Math.max(0.0001, shares.mature * 0.9), explicitAt: 1 });
    expect((await ratePicture(t.db, bytes)).maturity).toBe("mature");
    await saveSafetyThresholds(t.db, { explicitAt: Math.max(0.0001, shares.explicit * 0.9) });
    expect((await ratePicture(t.db, bytes)).maturity).toBe("explicit");
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
    expect((await ratePicture(t.db, bytes)).maturity).toBe("general");
  });

  it("refuses a mature picture only where everyone sees it (avatars, site pictures)", async () => {
    const bytes = await landscape();
    const { scores } = await screenPicture(t.db, bytes);
    await saveSafetyThresholds(t.db, { matureAt: Math.max(0.0001, adultShares(scores).mature * 0.9), explicitAt: 1 });
    expect((await screenUpload(t.db, bytes, "sourceImage", null)).maturity).toBe("mature");
    const refused = await screenUpload(t.db, bytes, "avatar", null, { generalOnly: true }).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe("mature_picture");
    expect((refused as AppError).fields).toEqual({ avatar: [MATURE_UPLOAD_MESSAGE] });
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
  });

  it("screens two different pictures at once on the worker threads", async () => {
    const a = await landscape();
    const b = await sharp(a).negate().png().toBuffer();
    const [ra, rb] = await Promise.all([screenPicture(t.db, a), screenPicture(t.db, b)]);
    expect(ra.sha256).not.toBe(rb.sha256);
    expect(ra.scores).not.toEqual(rb.scores);
  });
});

describe("screening Studio's results as part of the job", () => {
  const input = generationInputOf({ mode: "text", prompt: "a lighthouse on a rocky coast at dawn", seed: 11 });

  async function paint(userId: string) {
    const { generation } = await createGeneration(t.db, { userId, input, enqueue: async () => {} });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    return generation.id;
  }

  it("keeps a general picture with its rating and hash, and holds and refunds an explicit one", async () => {
    await t.db
      .insert(user)
      .values({ id: "painter", name: "Painter", email: "painter@example.test", emailVerified: true });
    await applyTokenMovement(t.db, {
      userId: "painter",
      amount: 20,
      reason: "admin_adjustment",
      idempotencyKey: "t:p",
    });

    const firstId = await paint("painter");
    const first = await getGenerationView(t.db, "painter", firstId);
    expect(first?.status).toBe("succeeded");
    expect(first?.held).toBe(false);
    expect(first?.images[0]?.maturity).toBe("general");
    const [image] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, firstId));
    const bytes = (await getStorage().get(image!.key))!.bytes;
    expect(image!.sha256).toBe(pictureHash(bytes));
    const balanceAfterFirst = await getTokenBalance(t.db, "painter");

    // The same prompt and seed paint the same bytes: lower the explicit threshold below their real scores.
    const { scores } = await screenPicture(t.db, bytes);
    await saveSafetyThresholds(t.db, { explicitAt: Math.max(0.0001, adultShares(scores).explicit * 0.9) });
    const heldId = await paint("painter");
    const held = await getGenerationView(t.db, "painter", heldId);
    expect(held?.status).toBe("failed");
    expect(held?.held).toBe(true);
    expect(held?.refunded).toBe(true);
    expect(held?.error).toBe(HELD_MESSAGE);
    expect(held?.images).toEqual([]); // the person never gets the picture's address
    expect(await getTokenBalance(t.db, "painter")).toBe(balanceAfterFirst);
    const [kept] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, heldId));
    expect(kept?.maturity).toBe("explicit");
    expect(kept?.key).toMatch(/^users\/painter\/held\//);
    expect(await getStorage().get(kept!.key)).not.toBeNull(); // kept for the admins' review
    const [row] = await t.db.select().from(generations).where(eq(generations.id, heldId));
    expect(row?.heldAt).toBeInstanceOf(Date);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, "painter"));
    expect(told.some((n) => n.message.startsWith(HELD_MESSAGE))).toBe(true);
    // Both paintings were screened from the same bytes: one classification.
    expect(
      await t.db.select().from(pictureScreenings).where(eq(pictureScreenings.sha256, image!.sha256!)),
    ).toHaveLength(1);
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
  });
});

describe("publishing by rating", () => {
  it("publishes a general picture to the lists, and a mature one only marked mature and never in the lists", async () => {
    await t.db.insert(user).values({ id: "poster", name: "Poster", email: "poster@example.test", emailVerified: true });
    await applyTokenMovement(t.db, { userId: "poster", amount: 20, reason: "admin_adjustment", idempotencyKey: "t:q" });
    const paint = async (prompt: string) => {
      const { generation } = await createGeneration(t.db, {
        userId: "poster",
        input: generationInputOf({ mode: "text", prompt, seed: 5 }),
        enqueue: async () => {},
      });
      await runGeneration(t.db, generation.id, { lastAttempt: false });
      return generation.id;
    };
    const calm = await paint("a quiet harbour with boats");
    const general = await publishArtwork(t.db, "poster", publishInput.parse({ generationId: calm, title: "Harbour" }));
    expect(general.mature).toBe(false);
    expect((await listArtworks(t.db, listQuery.parse({}))).items.map((a) => a.id)).toContain(general.id);

    // Rated mature once the threshold sits under the picture's real scores.
    const other = await paint("a red barn in a snowy field");
    const [image] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, other));
    const { scores } = await screenPicture(t.db, (await getStorage().get(image!.key))!.bytes);
    await saveSafetyThresholds(t.db, { matureAt: Math.max(0.0001, adultShares(scores).mature * 0.9), explicitAt: 1 });
    const refused = await publishArtwork(
      t.db,
      "poster",
      publishInput.parse({ generationId: other, title: "Barn" }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fields).toEqual({ mature: [MARK_MATURE_MESSAGE] });
    const mature = await publishArtwork(
      t.db,
      "poster",
      publishInput.parse({ generationId: other, title: "Barn", mature: "on" }),
    );
    expect(mature.mature).toBe(true);
    expect((await listArtworks(t.db, listQuery.parse({}))).items.map((a) => a.id)).not.toContain(mature.id);
    // Down only on review: the creator cannot untick it.
    const untick = await updateArtwork(t.db, "poster", mature.id, {
      ...publishInput.parse({ generationId: other, title: "Barn" }),
    }).catch((e: unknown) => e);
    expect((untick as AppError).fields).toEqual({ mature: [MARK_MATURE_MESSAGE] });
    // A creator may mark a general picture mature themselves.
    const marked = await updateArtwork(
      t.db,
      "poster",
      general.id,
      publishInput.parse({ generationId: calm, title: "Harbour", mature: "on" }),
    );
    expect(marked.mature).toBe(true);
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
  });

  it("refuses a prompt pairing a sexual term with a term for a minor, without repeating the words", async () => {
    await t.db.insert(user).values({ id: "asker", name: "Asker", email: "asker@example.test", emailVerified: true });
    await applyTokenMovement(t.db, { userId: "asker", amount: 20, reason: "admin_adjustment", idempotencyKey: "t:a" });
    const refused = await createGeneration(t.db, {
      userId: "asker",
      input: generationInputOf({ mode: "text", prompt: "a sexy teen on a beach" }),
      enqueue: async () => {},
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(FORBIDDEN_COMBINATION_MESSAGE);
    expect((refused as AppError).fields).toEqual({ prompt: [FORBIDDEN_COMBINATION_MESSAGE] });
    expect(await getTokenBalance(t.db, "asker")).toBe(20);
    // Either word alone is not refused by this rule.
    const fine = await createGeneration(t.db, {
      userId: "asker",
      input: generationInputOf({ mode: "text", prompt: "a teen reading under a tree" }),
      enqueue: async () => {},
    });
    expect(fine.generation.status).toBe("queued");
  });
});

describe("the admins' safety settings", () => {
  const admin = { userUid: "admin-1", email: "admin@example.test" };
  const form = {
    matureAt: "40",
    explicitAt: "75.5",
    strictMatureAt: "20",
    strictExplicitAt: "50",
    blockedTerms: "grotty\nGrotty\n  vile  ",
    matureTerms: "sultry, steamy",
  };

  it("saves thresholds in percent and both word lists, audited, and the next prompt is read by them", async () => {
    await t.db.insert(user).values({ id: admin.userUid, name: "Admin", email: admin.email, role: "admin" });
    const saved = await saveSafetySettings(t.db, admin, form);
    expect(saved.thresholds).toEqual({ matureAt: 0.4, explicitAt: 0.755, strictMatureAt: 0.2, strictExplicitAt: 0.5 });
    expect(saved.blockedTerms).toEqual(["grotty", "vile"]);
    expect(saved.matureTerms).toEqual(["sultry", "steamy"]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.safety"));
    expect(entry?.entityType).toBe("safety");
    expect(await isMaturePrompt(t.db, "a sultry evening in Paris")).toBe(true);
    expect(await isMaturePrompt(t.db, "a sexy car")).toBe(false); // the default list was replaced
    const refused = await createGeneration(t.db, {
      userId: admin.userUid,
      input: generationInputOf({ mode: "text", prompt: "a vile swamp" }),
      enqueue: async () => {},
    }).catch((e: unknown) => e);
    expect((refused as AppError).fields).toEqual({ prompt: ["“vile” is not allowed here"] });
  });

  it("refuses what cannot be a threshold beside its field, and saves nothing", async () => {
    const refused = await saveSafetySettings(t.db, admin, {
      ...form,
      matureAt: "0",
      explicitAt: "abc",
      strictMatureAt: "60",
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(Object.keys((refused as AppError).fields ?? {}).sort()).toEqual(["explicitAt", "matureAt"]);
    const stricter = await saveSafetySettings(t.db, admin, { ...form, strictMatureAt: "60" }).catch((e: unknown) => e);
    expect((stricter as AppError).fields).toEqual({
      strictMatureAt: ["The stricter threshold must be at or below the usual one"],
    });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.safety"))).toHaveLength(0);
  });
});

describe("the review queue", () => {
  const admin = { userUid: "reviewer", email: "reviewer@example.test" };

  async function world() {
    await t.db.insert(user).values([
      { id: "maker", name: "Maker", email: "maker@example.test", emailVerified: true },
      { id: admin.userUid, name: "Reviewer", email: admin.email, role: "admin" },
    ]);
    await applyTokenMovement(t.db, { userId: "maker", amount: 40, reason: "admin_adjustment", idempotencyKey: "t:m" });
  }
  async function paint(prompt: string) {
    const { generation } = await createGeneration(t.db, {
      userId: "maker",
      input: generationInputOf({ mode: "text", prompt, seed: 3 }),
      enqueue: async () => {},
    });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    return generation.id;
  }
  async function scoresOf(generationId: string) {
    const [image] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, generationId));
    return (await screenPicture(t.db, (await getStorage().get(image!.key))!.bytes)).scores;
  }

  it("puts a held result in the queue; released as general, it joins its maker's history and they are told", async () => {
    await world();
    const probe = await paint("a windmill by a canal");
    await saveSafetyThresholds(t.db, {
      explicitAt: Math.max(0.0001, adultShares(await scoresOf(probe)).explicit * 0.9),
    });
    const held = await paint("a windmill by a canal");
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
    const [review] = await listOpenReviews(t.db);
    expect(review).toMatchObject({ kind: "held", generationId: held, maturity: "explicit" });
    expect(review!.pictures[0]?.url).toMatch(/^\/api\/files\/users\/maker\/held\//);

    await decideReview(t.db, admin, { reviewId: review!.id, decision: "general", note: "" });
    const view = await getGenerationView(t.db, "maker", held);
    expect(view?.status).toBe("succeeded");
    expect(view?.held).toBe(false);
    expect(view?.images[0]?.maturity).toBe("general");
    expect(view?.images[0]?.url).toMatch(/\/generations\//);
    expect(await listOpenReviews(t.db)).toEqual([]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, "maker"));
    expect(told.map((n) => n.title)).toContain("Your held picture was released");
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityType, "review"));
    expect(audit?.action).toBe("review.changed");
    const again = await decideReview(t.db, admin, { reviewId: review!.id, decision: "confirm", note: "" }).catch(
      (e: unknown) => e,
    );
    expect((again as AppError).code).toBe("already_finished");
  });

  it("takes one request per mature artwork, with a reason; re-rated general, it joins the lists", async () => {
    await world();
    const made = await paint("a lantern on a wooden table");
    await saveSafetyThresholds(t.db, {
      matureAt: Math.max(0.0001, adultShares(await scoresOf(made)).mature * 0.9),
      explicitAt: 1,
    });
    const artwork = await publishArtwork(
      t.db,
      "maker",
      publishInput.parse({ generationId: made, title: "Lantern", mature: "on" }),
    );
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
    await requestArtworkReview(t.db, "maker", artwork.id, { reason: "It is a lantern on a table, nothing more." });
    const twice = await requestArtworkReview(t.db, "maker", artwork.id, {
      reason: "Please look again, it is a lantern.",
    }).catch((e: unknown) => e);
    expect((twice as AppError).code).toBe("already_reported");
    const [review] = await listOpenReviews(t.db);
    expect(review).toMatchObject({ kind: "dispute", artworkId: artwork.id, maturity: "mature", title: "Lantern" });
    expect(review!.reason).toBe("It is a lantern on a table, nothing more.");

    // Removing needs a note for the creator.
    expect(reviewDecisionInput.safeParse({ reviewId: review!.id, decision: "remove", note: "" }).success).toBe(false);
    await decideReview(t.db, admin, { reviewId: review!.id, decision: "general", note: "Agreed." });
    expect((await listArtworks(t.db, listQuery.parse({}))).items.map((a) => a.id)).toContain(artwork.id);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, "maker"));
    expect(told.some((n) => n.title === "Your artwork's rating changed" && n.message.includes("general"))).toBe(true);
  });
});

describe("a connected engine's results", () => {
  it("are screened like Studio's: an explicit one from AUTOMATIC1111 is held, refunded and queued for review", async () => {
    const admin = { userUid: "engine-admin", email: "engine-admin@example.test" };
    await t.db.insert(user).values([
      { id: admin.userUid, name: "Admin", email: admin.email, role: "admin" },
      { id: "gpu-user", name: "GPU user", email: "gpu-user@example.test", emailVerified: true },
    ]);
    await applyTokenMovement(t.db, {
      userId: "gpu-user",
      amount: 40,
      reason: "admin_adjustment",
      idempotencyKey: "t:g",
    });
    const a1111 = await startFakeA1111();
    try {
      invalidateEngineCatalog();
      routeEngines(null);
      await createEngine(t.db, admin, {
        kind: "a1111",
        name: "GPU box",
        baseUrl: a1111.url,
        username: "",
        password: "",
        apiKey: "",
        settings: {},
        enabled: true,
        costMultiplier: "1",
        timeoutSeconds: "60",
      });
      await setModeRoute(t.db, admin, "text", ["gpu-box"]);
      const paint = async () => {
        const { generation } = await createGeneration(t.db, {
          userId: "gpu-user",
          input: generationInputOf({ mode: "text", prompt: "a castle on a hill", seed: 21 }),
          enqueue: async () => {},
        });
        await runGeneration(t.db, generation.id, { lastAttempt: false });
        return generation.id;
      };
      const first = await paint();
      const [image] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, first));
      expect(image?.maturity).toBe("general");
      const { scores } = await screenPicture(t.db, (await getStorage().get(image!.key))!.bytes);
      await saveSafetyThresholds(t.db, { explicitAt: Math.max(0.0001, adultShares(scores).explicit * 0.9) });
      const before = await getTokenBalance(t.db, "gpu-user");
      const held = await paint();
      const view = await getGenerationView(t.db, "gpu-user", held);
      expect(view).toMatchObject({ status: "failed", held: true, refunded: true, images: [] });
      expect(view?.engineId).toBe("gpu-box");
      expect(await getTokenBalance(t.db, "gpu-user")).toBe(before);
      expect((await listOpenReviews(t.db)).map((r) => r.generationId)).toEqual([held]);
    } finally {
      await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
      routeEngines(null);
      invalidateEngineCatalog();
      await a1111.close();
    }
  });
});

/**
 * Picture screening with the real classifier (issue 40, ADR 0059): nsfwjs's MobileNetV2 on worker
 * threads, its scores kept once per picture's bytes, and ratings from the administrators'
 * thresholds. No stub: the thresholds are moved so the model's real scores cross them.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { pictureScreenings } from "../../server/db/schema";
import { closeClassifier } from "../../server/safety/classifier";
import { pictureHash, ratePicture, screenPicture } from "../../server/safety/screenings";
import {
  DEFAULT_SAFETY_THRESHOLDS,
  adultShares,
  rateScores,
  saveSafetyThresholds,
} from "../../server/safety/thresholds";
import { setUpTestDatabase } from "../support/database";
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

  it("screens two different pictures at once on the worker threads", async () => {
    const a = await landscape();
    const b = await sharp(a).negate().png().toBuffer();
    const [ra, rb] = await Promise.all([screenPicture(t.db, a), screenPicture(t.db, b)]);
    expect(ra.sha256).not.toBe(rb.sha256);
    expect(ra.scores).not.toEqual(rb.scores);
  });
});

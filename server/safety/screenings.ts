/**
 * Screening a picture (issue 40, ADR 0059): its bytes' SHA-256 is looked up first, so the same
 * bytes are classified once per model however often they are uploaded, stored or published; a
 * new picture goes to the classifier's worker threads and its scores are kept with the model,
 * its version and when.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Maturity, pictureScreenings, type ScreeningScores } from "../db/schema";
import { CLASSIFIER_MODEL, classifierVersion, classifyPicture } from "./classifier";
import { loadSafetyThresholds, rateScores } from "./thresholds";

export type ScreeningRow = typeof pictureScreenings.$inferSelect;

export interface RatedPicture {
  sha256: string;
  scores: ScreeningScores;
  maturity: Maturity;
  /** True when this call ran the classifier; false when the bytes had been screened before. */
  fresh: boolean;
}

export function pictureHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Screenings under way in this process, by hash: the same bytes asked for twice at once are classified once. */
const inFlight = new Map<string, Promise<ScreeningRow>>();

/** The stored screening of these bytes by the current model, made now if there is none. */
export async function screenPicture(db: Database, bytes: Uint8Array): Promise<ScreeningRow & { fresh: boolean }> {
  const sha256 = pictureHash(bytes);
  const modelVersion = classifierVersion();
  const [known] = await db
    .select()
    .from(pictureScreenings)
    .where(
      and(
        eq(pictureScreenings.sha256, sha256),
        eq(pictureScreenings.model, CLASSIFIER_MODEL),
        eq(pictureScreenings.modelVersion, modelVersion),
      ),
    );
  if (known) return { ...known, fresh: false };
  let running = inFlight.get(sha256);
  // A call that joins another's classification of the same bytes did not run the classifier.
  const joined = running !== undefined;
  if (!running) {
    running = (async () => {
      const result = await classifyPicture(bytes);
      const row = {
        sha256,
        model: result.model,
        modelVersion: result.modelVersion,
        scores: result.scores,
        millis: result.millis,
      };
      const [inserted] = await db.insert(pictureScreenings).values(row).onConflictDoNothing().returning();
      return inserted ?? { ...row, screenedAt: new Date() };
    })().finally(() => inFlight.delete(sha256));
    inFlight.set(sha256, running);
  }
  return { ...(await running), fresh: !joined };
}

/** Screens the bytes and rates them at the thresholds in force (`strict` for a prompt with a mature term). */
export async function ratePicture(
  db: Database,
  bytes: Uint8Array,
  options: { strict?: boolean } = {},
): Promise<RatedPicture> {
  const [screening, thresholds] = await Promise.all([screenPicture(db, bytes), loadSafetyThresholds(db)]);
  return {
    sha256: screening.sha256,
    scores: screening.scores,
    maturity: rateScores(screening.scores, thresholds, options.strict),
    fresh: screening.fresh,
  };
}

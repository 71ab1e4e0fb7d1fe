/**
 * Studio's public evaluation set (issue 19): every prompt is read with what a reader expects to
 * see, and the set covers every kind of subject and every style. Prompts that name subjects the library does not have yet are skipped,
 * naming them; so are the few marked pending, with their reason.
 */
import { describe, expect, it } from "vitest";
import { STYLE_IDS } from "../src/studio-styles";
import {
  awaitedNames,
  EVALUATION_PROMPTS,
  type EvaluationPrompt,
  evaluationStyle,
  librarySubject,
  missedExpectations,
  readExpectation,
} from "../src/evaluation-prompts";
import { parsePrompt } from "../src/scene/parse-prompt";
import { ANIMALS } from "../src/subjects/animals";
import { BUILDINGS } from "../src/subjects/buildings";
import { FANTASY } from "../src/subjects/fantasy";
import { FIGURES } from "../src/subjects/figures";
import { SUBJECT_LIBRARY } from "../src/subjects/library";
import { NATURE } from "../src/subjects/nature";
import { OBJECTS } from "../src/subjects/objects";
import { SKY_THINGS } from "../src/subjects/sky-things";
import { VEHICLES } from "../src/subjects/vehicles";

const names = (entry: EvaluationPrompt) => entry.expect.map((item) => readExpectation(item).name);
const missed = (entry: EvaluationPrompt) =>
  missedExpectations(entry, parsePrompt(entry.prompt, { christmas: entry.christmas ?? false }));

describe("the evaluation set is read as a reader expects", () => {
  for (const entry of EVALUATION_PROMPTS) {
    const waits = awaitedNames(entry);
    if (waits.length > 0) it.skip(`${entry.prompt} (waits for ${waits.join(", ")})`, () => {});
    else if (entry.pending) it.skip(`${entry.prompt} (pending: ${entry.pending})`, () => {});
    else it(entry.prompt, () => expect(missed(entry)).toEqual([]));
  }

  it("pending entries are still not read, so their mark does not hide a fix", () => {
    for (const entry of EVALUATION_PROMPTS.filter((e) => e.pending && awaitedNames(e).length === 0))
      expect(missed(entry), entry.prompt).not.toEqual([]);
  });
});

describe("the evaluation set covers", () => {
  it("at least a hundred different prompts", () => {
    expect(EVALUATION_PROMPTS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(EVALUATION_PROMPTS.map((e) => e.prompt.toLowerCase())).size).toBe(EVALUATION_PROMPTS.length);
  });

  it("every category and family of the subject library, with prompts read today", () => {
    const read = EVALUATION_PROMPTS.filter((e) => !e.pending && awaitedNames(e).length === 0);
    const subjects = new Set(read.flatMap((e) => names(e).map((name) => librarySubject(name))));
    const categories = new Set([...subjects].map((s) => s?.category));
    for (const category of new Set(SUBJECT_LIBRARY.map((s) => s.category)))
      expect(categories, category).toContain(category);
    const families = { ANIMALS, FIGURES, BUILDINGS, VEHICLES, OBJECTS, NATURE, SKY_THINGS, FANTASY };
    for (const [family, members] of Object.entries(families))
      expect(
        members.some((s) => subjects.has(s)),
        family,
      ).toBe(true);
  });

  it("every style at least five times, christmas styles on the christmas pages", () => {
    for (const style of STYLE_IDS)
      expect(EVALUATION_PROMPTS.filter((e) => evaluationStyle(e) === style).length, style).toBeGreaterThanOrEqual(5);
    for (const entry of EVALUATION_PROMPTS) {
      if (evaluationStyle(entry).startsWith("christmas-")) expect(entry.christmas, entry.prompt).toBe(true);
      // A style picked beside a prompt that names another would never be used.
      if (entry.style) expect(evaluationStyle(entry), entry.prompt).toBe(entry.style);
    }
  });

  it("relations, numbers, colours, times, weather and rooms", () => {
    const placed = EVALUATION_PROMPTS.flatMap((e) => e.expect.map((item) => readExpectation(item).placed?.kind));
    for (const relation of ["on", "in", "by", "above", "under"]) expect(placed, relation).toContain(relation);
    const text = EVALUATION_PROMPTS.map((e) => e.prompt).join(" | ");
    for (const word of [" of ", " under ", " at ", "three ", "two ", " red ", " blue ", "night", "sunset", "dawn"])
      expect(text, word).toContain(word);
    for (const word of ["rain", "fog", "snow", "storm"]) expect(text, word).toContain(word);
    expect(EVALUATION_PROMPTS.filter((e) => e.expect.includes("indoors")).length).toBeGreaterThanOrEqual(3);
  });
});

/**
 * The prompts Atelier offers as examples (app/lib/example-prompts.ts) must paint what they say on
 * Studio, the offline engine: each is read with what it must show, and each is one of Studio's
 * evaluation prompts, so `npm run studio -- --sheet` paints it.
 */
import { parsePrompt } from "@atelier/studio";
import { EVALUATION_PROMPTS, missedExpectations } from "@atelier/studio/evaluation";
import { describe, expect, it } from "vitest";
import { EXAMPLE_PROMPTS } from "../../app/lib/example-prompts";

/** What each of the product's example prompts must show. */
const EXAMPLES_SHOW: Record<string, string[]> = {
  "a fox reading by candlelight": ["fox", "candle"],
  "A lighthouse on a cliff at sunset, waves below, gulls in the wind…": ["lighthouse", "sea", "sun", "bird"],
  "A snowy village at dusk, warm windows, a fox in a red scarf…": ["village", "fox"],
  "a lighthouse in a violet storm, gouache": ["lighthouse"],
  "warm desert evening, layered like paper cut-outs": ["desert"],
};

describe("the product's example prompts", () => {
  for (const { prompt, christmas } of EXAMPLE_PROMPTS)
    it(prompt, () => {
      const show = EXAMPLES_SHOW[prompt];
      expect(show, "an example prompt needs what it must show here").toBeDefined();
      const scene = parsePrompt(prompt, { christmas });
      expect(scene.understood).toBe(true);
      expect(missedExpectations({ expect: show! }, scene)).toEqual([]);
    });

  it("are painted on the evaluation sheets", () => {
    for (const { prompt } of EXAMPLE_PROMPTS) expect(EVALUATION_PROMPTS.map((e) => e.prompt)).toContain(prompt);
  });
});

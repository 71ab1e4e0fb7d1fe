/** The word rules of issue 40: mature terms as whole words, and the fixed refusal of sexual terms with terms for minors. */
import { describe, expect, it } from "vitest";
import { AppError } from "../../server/app-error";
import {
  DEFAULT_MATURE_TERMS,
  FORBIDDEN_COMBINATION_MESSAGE,
  hasMatureTerm,
  isForbiddenCombination,
  refuseForbiddenCombination,
} from "../../server/safety/prompt-terms";

describe("mature terms", () => {
  it("match whole words and phrases, in any case, with spaces or dashes", () => {
    expect(hasMatureTerm("A woman in LINGERIE by a window", DEFAULT_MATURE_TERMS)).toBe(true);
    expect(hasMatureTerm("a pin up poster", DEFAULT_MATURE_TERMS)).toBe(true);
    expect(hasMatureTerm("a sexy car", DEFAULT_MATURE_TERMS)).toBe(true);
    expect(hasMatureTerm("bikinis? no: a beach with umbrellas", ["bikini"])).toBe(false);
    expect(hasMatureTerm("anything", [])).toBe(false);
  });
});

describe("the fixed refusal", () => {
  it.each([
    "a sexy teen",
    "nude child on a beach",
    "Lewd schoolgirl",
    "naked 12 year old",
    "an erotic picture of a 15yo",
    "little girl in lingerie",
  ])("refuses %j", (text) => {
    expect(isForbiddenCombination(text)).toBe(true);
  });

  it.each([
    "a teen reading under a tree",
    "children playing in the snow",
    "a nude sculpture in a museum",
    "a sexy sports car",
    "a 40 year old woman in lingerie",
    "a kidney bean", // 'kid' only as a whole word
    "sextant on a map table", // 'sex' only as a whole word
  ])("lets %j through", (text) => {
    expect(isForbiddenCombination(text)).toBe(false);
  });

  it("reads the fields together and names each one involved, repeating none of the words", () => {
    let error: unknown;
    try {
      refuseForbiddenCombination({ title: "Beach day", description: "nude", tags: ["kids", "sand"] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const refusal = error as AppError;
    expect(refusal.message).toBe(FORBIDDEN_COMBINATION_MESSAGE);
    expect(Object.keys(refusal.fields ?? {}).sort()).toEqual(["description", "tags"]);
    expect(JSON.stringify(refusal.fields)).not.toMatch(/nude|kids/);
  });
});

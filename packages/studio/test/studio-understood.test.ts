/**
 * What Studio says it understood of a prompt (issue 19): the subjects, light and weather it
 * recognised, shown beside the picture; nothing when it fell back to an abstract composition.
 */
import { describe, expect, it } from "vitest";
import { understoodWords } from "../src/scene/understood";

describe("what Studio understood", () => {
  it("lists recognised subjects in prompt order, then the light and the weather", () => {
    expect(understoodWords("a red sunset over snowy mountains and a calm lake", false)).toEqual([
      "sun",
      "mountains",
      "lake",
      "sunset",
      "snow",
    ]);
    expect(understoodWords("pine forest in fog", false)).toEqual(["trees", "forest", "fog"]);
    expect(understoodWords("A lighthouse on a cliff at sunset, waves below", false)).toEqual([
      "lighthouse",
      "cliff",
      "sun",
      "sea",
      "sunset",
    ]);
  });

  it("names the library's things first, with their number", () => {
    expect(understoodWords("three foxes in a meadow", false)).toEqual(["3 foxes", "meadow"]);
    expect(understoodWords("a bowl of lemons on a blue table", false)).toEqual([
      "bowl",
      "3 lemons",
      "table",
      "indoors",
    ]);
  });

  it("says nothing was recognised when the prompt names no subject it knows", () => {
    expect(understoodWords("joy", false)).toEqual([]);
    expect(understoodWords("a quiet feeling of wonder", false)).toEqual([]);
  });
});

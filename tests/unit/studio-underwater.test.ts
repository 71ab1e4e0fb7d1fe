/**
 * Under the sea (issue 28): prompts that name the sea floor, or a thing of the deep as their main
 * subject, are painted from below the surface, and what swims is in the water.
 */
import { describe, expect, it } from "vitest";
import { renderSquare } from "../../server/generation/studio/render";
import { parsePrompt } from "../../server/generation/studio/scene/parse-prompt";

const underwater = (prompt: string) => parsePrompt(prompt, { christmas: false }).underwater;

describe("under the sea", () => {
  it("is where the prompt says, or where a thing of the deep lives", () => {
    expect(underwater("an octopus on the sea floor among rocks")).toBe(true);
    expect(underwater("a sea turtle swimming under the sea")).toBe(true);
    expect(underwater("a shipwreck, underwater")).toBe(true);
    expect(underwater("a jellyfish")).toBe(true);
    expect(underwater("a coral reef with tropical fish")).toBe(true);
    expect(underwater("a crab on the beach")).toBe(false);
    expect(underwater("a whale in the ocean at sunset")).toBe(false);
    expect(underwater("a lighthouse above a stormy sea")).toBe(false);
  });

  it("puts an octopus on the floor of the sea", () => {
    const octopus = parsePrompt("an octopus on the sea floor", { christmas: false }).things[0];
    expect(octopus?.relation).toEqual({ kind: "on", target: "sea" });
  });

  it("paints the water from its bright surface to the deep", () => {
    const { data, width, height } = renderSquare("a jellyfish, underwater", "natural", 96, 5);
    const row = (y: number) => {
      let blue = 0;
      let red = 0;
      for (let x = 0; x < width; x++) {
        blue += data[(y * width + x) * 4 + 2]!;
        red += data[(y * width + x) * 4]!;
      }
      return { blue: blue / width, red: red / width };
    };
    const top = row(4);
    const middle = row(Math.round(height * 0.5));
    expect(top.blue).toBeGreaterThan(top.red + 40);
    expect(middle.blue).toBeGreaterThan(middle.red + 30);
    expect(top.blue).toBeGreaterThan(middle.blue);
  });
});

/**
 * A style named in the prompt (issue 19): "…, ukiyo-e" paints in ukiyo-e when the person left the
 * picker alone; a style they picked wins. The same rule runs in the form (what the picker shows
 * is what is painted) and on the server (API requests without a style).
 */
import { describe, expect, it } from "vitest";
import { defaultForm, effectiveStyle, studioOptions, toFormData } from "../../app/components/studio/form-state";
import { generationInput } from "../../app/lib/generation";
import { STYLE_IDS, styleNamedIn, stylesFor } from "@atelier/studio/styles";

describe("style words in a prompt", () => {
  it("finds each style by the words people use for it", () => {
    const said: [string, string][] = [
      ["a red fox in a snowy forest at dusk, ukiyo-e", "ukiyo-e"],
      ["Japanese woodblock print of a wave", "ukiyo-e"],
      ["a castle on a hill, pixel art", "pixel-art"],
      ["a 16-bit dungeon", "pixel-art"],
      ["an oil painting of a bowl of lemons", "oil-painting"],
      ["city at night, synthwave", "neon-synthwave"],
      ["a watercolour of a harbour", "watercolor"],
      ["Watercolor birds", "watercolor"],
      ["pencil sketch of an old barn", "ink-sketch"],
      ["a low-poly fox", "low-poly"],
      ["a comic book hero, pop art", "pop-art"],
      ["a samurai in the rain, anime style", "anime"],
      ["a girl with a cat, manga", "anime"],
      ["a cel shaded robot", "anime"],
      ["a dog chasing a ball, cartoon", "cartoon"],
      ["a toon duck", "cartoon"],
      ["a hero on a rooftop, comic book", "comic-book"],
      ["a detective in the rain, graphic novel", "comic-book"],
      ["a snowman, claymation", "claymation"],
      ["a plasticine dinosaur", "claymation"],
      ["a fox, stop motion", "claymation"],
      ["a bear in the woods in the style of a children's book", "childrens-book"],
      ["childrens book illustration of a duck", "childrens-book"],
      ["a storybook castle", "childrens-book"],
      ["a picture book whale", "childrens-book"],
      ["soft pastel meadow", "pastel"],
      ["a stained glass rose window", "stained-glass"],
      ["a photorealistic lighthouse", "natural"],
    ];
    for (const [prompt, style] of said) expect(styleNamedIn(prompt), prompt).toBe(style);
    // Every style the regular pages offer can be named.
    const named = new Set(said.map(([, style]) => style));
    expect(
      stylesFor(false)
        .filter((s) => !named.has(s.id))
        .map((s) => s.id),
    ).toEqual([]);
  });

  it("names nothing for a prompt without style words, and the last style when two are named", () => {
    expect(styleNamedIn("a red fox in a snowy forest at dusk")).toBeNull();
    expect(styleNamedIn("a painting of the sea")).toBeNull(); // no kind of painting named
    expect(styleNamedIn("a watercolor of a fox, pixel art")).toBe("pixel-art");
    // Clay as a material is no claymation.
    expect(styleNamedIn("a clay pot on a table")).toBeNull();
  });

  it("offers the christmas styles only on the christmas pages", () => {
    expect(styleNamedIn("a village in a snow globe")).toBeNull();
    expect(styleNamedIn("a village in a snow globe", true)).toBe("christmas-snowglobe");
  });

  it("the server takes the prompt's style when none is picked, and the picked one over the prompt", () => {
    const base = { mode: "text", prompt: "a lighthouse above a stormy sea, oil painting", size: "512" };
    expect(generationInput.parse(base).style).toBe("oil-painting");
    expect(generationInput.parse({ ...base, style: "watercolor" }).style).toBe("watercolor");
    expect(generationInput.parse({ ...base, prompt: "a lighthouse" }).style).toBe("natural");
    expect(generationInput.safeParse({ ...base, style: "crayon" }).success).toBe(false);
  });

  it("the form shows and sends the prompt's style until the person picks one", () => {
    const options = studioOptions({
      christmas: false,
      engine: {
        styles: [...STYLE_IDS],
        aspectRatios: ["1:1"],
        sizes: [512],
        maxImages: 1,
        negativePrompt: false,
      } as never,
    });
    const form = { ...defaultForm(options), prompt: "a fox reading by candlelight, ukiyo-e" };
    expect(effectiveStyle(form, options, false)).toBe("ukiyo-e");
    expect(toFormData(form, "text", false, options).get("style")).toBe("ukiyo-e");
    const picked = { ...form, style: "natural", styleChosen: true };
    expect(effectiveStyle(picked, options, false)).toBe("natural");
    expect(toFormData(picked, "text", false, options).get("style")).toBe("natural");
    // A style the page does not offer is not taken from the prompt.
    const fewer = { ...options, styles: options.styles.filter((s) => s.id !== "ukiyo-e") };
    expect(effectiveStyle(form, fewer, false)).toBe(form.style);
  });
});

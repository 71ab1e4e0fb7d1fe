/**
 * The style presets every engine offers (Studio renders them itself; remote engines turn them
 * into prompt suffixes). Shared by the style picker and the server's validation.
 * `christmas` presets are offered only on the christmas-event pages.
 */
export interface StylePreset {
  id: string;
  label: string;
  description: string;
  /** Two CSS colours for the picker's swatch. */
  swatch: [string, string];
  /** Words a remote diffusion engine appends to the prompt for this style. */
  promptSuffix: string;
  christmas: boolean;
}

export const STYLE_PRESETS = [
  {
    id: "natural",
    label: "Natural",
    description: "The scene as rendered, with gentle colour grading",
    swatch: ["#7aa7c7", "#e9c28b"],
    promptSuffix: "highly detailed, natural light",
    christmas: false,
  },
  {
    id: "watercolor",
    label: "Watercolor",
    description: "Soft washes, darkened edges and paper grain",
    swatch: ["#9ec9e2", "#f3d9c4"],
    promptSuffix: "watercolor painting, soft washes, paper texture",
    christmas: false,
  },
  {
    id: "oil-painting",
    label: "Oil painting",
    description: "Thick smoothed strokes with a canvas weave",
    swatch: ["#7b4f2c", "#d9a441"],
    promptSuffix: "oil painting, impasto brush strokes",
    christmas: false,
  },
  {
    id: "ink-sketch",
    label: "Ink sketch",
    description: "Pencil and ink lines on warm paper",
    swatch: ["#2b2b2b", "#efe8da"],
    promptSuffix: "ink sketch, cross-hatching, pen on paper",
    christmas: false,
  },
  {
    id: "pixel-art",
    label: "Pixel art",
    description: "Big pixels and a small palette",
    swatch: ["#3b5dc9", "#ffcd75"],
    promptSuffix: "pixel art, 16-bit, limited palette",
    christmas: false,
  },
  {
    id: "neon-synthwave",
    label: "Neon synthwave",
    description: "Magenta and cyan glow, scanlines",
    swatch: ["#ff2a6d", "#05d9e8"],
    promptSuffix: "synthwave, neon glow, retro-futuristic",
    christmas: false,
  },
  {
    id: "low-poly",
    label: "Low poly",
    description: "Flat-shaded triangles",
    swatch: ["#4f7cac", "#c0e0de"],
    promptSuffix: "low poly, flat shaded triangles, geometric",
    christmas: false,
  },
  {
    id: "ukiyo-e",
    label: "Ukiyo-e",
    description: "Woodblock print: flat colour, bold outlines",
    swatch: ["#2e4a62", "#e8d5b0"],
    promptSuffix: "ukiyo-e woodblock print, flat colors, bold outlines",
    christmas: false,
  },
  {
    id: "pop-art",
    label: "Pop-art halftone",
    description: "Bold colour and halftone dots",
    swatch: ["#ff3b3b", "#ffe600"],
    promptSuffix: "pop art, halftone dots, bold comic colors",
    christmas: false,
  },
  {
    id: "pastel",
    label: "Pastel",
    description: "Chalky soft colour on toned paper",
    swatch: ["#f7c6d9", "#bde0fe"],
    promptSuffix: "soft pastel drawing, chalk texture",
    christmas: false,
  },
  {
    id: "stained-glass",
    label: "Stained glass",
    description: "Glass cells in dark lead lines",
    swatch: ["#1d4e89", "#f2a541"],
    promptSuffix: "stained glass window, lead lines, luminous glass",
    christmas: false,
  },
  {
    id: "anime",
    label: "Anime",
    description: "Clean outlines, flat cel shading, bright colour",
    swatch: ["#2f7fe0", "#ffb7c5"],
    promptSuffix: "anime style, cel shading, clean line art, vibrant colors",
    christmas: false,
  },
  {
    id: "cartoon",
    label: "Cartoon",
    description: "Thick rounded outlines and saturated flat colour",
    swatch: ["#ffd23f", "#3a86ff"],
    promptSuffix: "cartoon style, thick outlines, bold flat colors",
    christmas: false,
  },
  {
    id: "comic-book",
    label: "Comic book",
    description: "Inked shadows, hatching and a fine halftone in a panel",
    swatch: ["#121212", "#d93a32"],
    promptSuffix: "comic book art, inked lines, hatching, halftone shading",
    christmas: false,
  },
  {
    id: "claymation",
    label: "Claymation",
    description: "Rounded plasticine forms in warm studio light",
    swatch: ["#e0553f", "#f2c14e"],
    promptSuffix: "claymation, plasticine figures, stop motion, soft studio lighting",
    christmas: false,
  },
  {
    id: "childrens-book",
    label: "Children's book",
    description: "Gouache and crayon in a warm palette on paper",
    swatch: ["#e89a4f", "#a8c9d9"],
    promptSuffix: "children's book illustration, gouache and colored pencil, warm palette",
    christmas: false,
  },
  {
    id: "christmas-card",
    label: "Christmas card",
    description: "A festive palette, falling snow and a card border",
    swatch: ["#b3001b", "#1f6f43"],
    promptSuffix: "christmas card illustration, festive red and green, falling snow",
    christmas: true,
  },
  {
    id: "christmas-lights",
    label: "Warm lights",
    description: "Glowing fairy lights and a warm evening tone",
    swatch: ["#3a1c0b", "#ffcf70"],
    promptSuffix: "warm christmas lights, bokeh, cozy glow",
    christmas: true,
  },
  {
    id: "christmas-snowglobe",
    label: "Snow globe",
    description: "Frosty blues, snowflakes and a glass vignette",
    swatch: ["#dbeafe", "#60a5fa"],
    promptSuffix: "snow globe, frosty, snowflakes, winter wonderland",
    christmas: true,
  },
] as const satisfies readonly StylePreset[];

export type StyleId = (typeof STYLE_PRESETS)[number]["id"];
export const STYLE_IDS: readonly StyleId[] = STYLE_PRESETS.map((s) => s.id);

export function findStyle(id: string): StylePreset | undefined {
  return STYLE_PRESETS.find((s) => s.id === id);
}

/** The presets a page offers: the regular ones, plus the christmas ones on the christmas pages. */
export function stylesFor(christmas: boolean): StylePreset[] {
  return STYLE_PRESETS.filter((s) => christmas || !s.christmas);
}

/** The style a generation gets when neither the picker nor the prompt names one. */
export const DEFAULT_STYLE: StyleId = "natural";

/** How people name each style inside a prompt ("…, ukiyo-e", "in pixel art", "an oil painting of…"). */
const STYLE_WORDS: Record<StyleId, RegExp> = {
  natural: /\b(photo(graph)?|photorealistic|realistic)\b/,
  watercolor: /\bwater ?colou?r(s|ed)?\b/,
  "oil-painting": /\boil[- ]?(painting|paint|on canvas)\b|\bimpasto\b/,
  "ink-sketch":
    /\b(ink|pencil|pen|charcoal)[- ]?(sketch|drawing)\b|\bsketch(ed)?\b|\bcross-?hatch(ed|ing)?\b|\bline ?art\b/,
  "pixel-art": /\bpixel[- ]?art\b|\b(8|16)[- ]?bit\b|\bpixelated\b/,
  "neon-synthwave": /\b(synth ?wave|retro ?wave|outrun|vaporwave)\b/,
  "low-poly": /\blow[- ]?poly(gon(al)?)?\b/,
  "ukiyo-e": /\bukiyo[- ]?e\b|\b(japanese )?woodblock( print)?\b/,
  "pop-art": /\bpop[- ]?art\b|\bhalftone\b/,
  pastel: /\bpastels?\b/,
  "stained-glass": /\bstained[- ]?glass\b/,
  anime: /\banime\b|\bmanga\b|\bcel[- ]?shad(ed|ing)\b/,
  cartoon: /\bcartoon(s|ish|y)?\b|\btoon\b/,
  "comic-book": /\bcomic(s|[- ]?book)?\b|\bgraphic novel\b/,
  claymation:
    /\bclaymation\b|\bclay (animation|style|figures?|models?)\b|\bplasticine\b|\bplay-?doh\b|\bstop[- ]?motion\b/,
  "childrens-book":
    /\bchildren[’']?s'? ?(book|picture book|story ?book)\b|\bchildrens book\b|\bstory ?book\b|\bpicture ?book\b/,
  "christmas-card": /\bchristmas card\b/,
  "christmas-lights": /\b(fairy|christmas) lights\b/,
  "christmas-snowglobe": /\bsnow ?globe\b/,
};

/**
 * The style a prompt names, when it names one the page offers (christmas presets only on the
 * christmas pages). Styles usually trail the subject ("a fox in the snow, ukiyo-e"), so when a
 * prompt names two, the one named last wins.
 */
export function styleNamedIn(prompt: string, christmas = false): StyleId | null {
  const text = prompt.toLowerCase();
  let found: { id: StyleId; at: number } | null = null;
  for (const preset of stylesFor(christmas)) {
    const pattern = new RegExp(STYLE_WORDS[preset.id as StyleId].source, "g");
    for (const match of text.matchAll(pattern))
      if (!found || match.index >= found.at) found = { id: preset.id as StyleId, at: match.index };
  }
  return found?.id ?? null;
}

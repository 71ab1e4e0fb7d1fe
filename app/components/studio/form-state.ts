/** The studio form's values, defaults, validation and the draft kept in sessionStorage. */
import type { StudioPageData } from "@server/generation/page-data";
import {
  type AspectRatio,
  ASPECT_RATIOS,
  type GenerationMode,
  generationInput,
  IMAGE_SIZES,
  MAX_IMAGES,
  STANDARD_MAX_SIZE,
} from "~/lib/generation";
import type { GenerationView } from "~/lib/generation-views";
import { DEFAULT_STYLE, type StylePreset, styleNamedIn, stylesFor } from "@atelier/studio/styles";

export interface StudioForm {
  prompt: string;
  negativePrompt: string;
  style: string;
  /** The person picked `style` themselves. Until they do, a style the prompt names is used instead (effectiveStyle). */
  styleChosen: boolean;
  aspectRatio: AspectRatio;
  size: number;
  count: number;
  /** Empty = a random seed chosen by the server. */
  seed: string;
  strength: number;
}

export interface StudioOptions {
  styles: StylePreset[];
  aspectRatios: AspectRatio[];
  /** Every size the engine makes, shown; those above `maxSize` disabled (a membership's perk, issue 41). */
  sizes: number[];
  /** The largest size this person may choose. */
  maxSize: number;
  maxImages: number;
  negativePrompt: boolean;
}

/** What the engine offers on this page; christmas presets first on the christmas pages. */
export function studioOptions(
  data: Pick<StudioPageData, "engine" | "christmas"> & Partial<Pick<StudioPageData, "maxSize">>,
): StudioOptions {
  const offered = new Set(data.engine.styles);
  const styles = stylesFor(data.christmas).filter((s) => offered.has(s.id));
  if (data.christmas) styles.sort((a, b) => Number(b.christmas) - Number(a.christmas));
  const aspectRatios = ASPECT_RATIOS.filter((r) => data.engine.aspectRatios.includes(r));
  const sizes = data.engine.sizes.filter((s) => (IMAGE_SIZES as readonly number[]).includes(s)).sort((a, b) => a - b);
  return {
    styles: styles.length > 0 ? styles : stylesFor(data.christmas),
    aspectRatios: aspectRatios.length > 0 ? aspectRatios : ["1:1"],
    sizes: sizes.length > 0 ? sizes : [512],
    maxSize: data.maxSize ?? STANDARD_MAX_SIZE,
    maxImages: Math.max(1, Math.min(MAX_IMAGES, data.engine.maxImages || 1)),
    negativePrompt: data.engine.negativePrompt,
  };
}

/** The sizes this person may choose: the engine's, up to their largest (never none). */
export function allowedSizes(options: Pick<StudioOptions, "sizes" | "maxSize">): number[] {
  const allowed = options.sizes.filter((s) => s <= options.maxSize);
  return allowed.length > 0 ? allowed : options.sizes.slice(0, 1);
}

export function defaultForm(options: StudioOptions): StudioForm {
  const sizes = allowedSizes(options);
  return {
    prompt: "",
    negativePrompt: "",
    style: options.styles[0]?.id ?? DEFAULT_STYLE,
    styleChosen: false,
    aspectRatio: options.aspectRatios.includes("1:1") ? "1:1" : options.aspectRatios[0]!,
    size: sizes.includes(768) ? 768 : sizes[0]!,
    count: 1,
    seed: "",
    strength: 0.75,
  };
}

/** Keeps only values this page can offer (a draft or a history item may come from elsewhere). */
export function sanitizeForm(
  value: Partial<Record<keyof StudioForm, unknown>>,
  options: StudioOptions,
  fallback: StudioForm,
): StudioForm {
  const str = (v: unknown, d: string) => (typeof v === "string" ? v : d);
  const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);
  const style = str(value.style, fallback.style);
  const aspectRatio = str(value.aspectRatio, fallback.aspectRatio) as AspectRatio;
  const size = num(value.size);
  const count = num(value.count);
  const strength = num(value.strength);
  const seed = value.seed === null || value.seed === undefined ? "" : String(value.seed);
  return {
    prompt: str(value.prompt, fallback.prompt),
    negativePrompt: str(value.negativePrompt, fallback.negativePrompt),
    style: options.styles.some((s) => s.id === style) ? style : fallback.style,
    styleChosen: options.styles.some((s) => s.id === style) ? value.styleChosen === true : fallback.styleChosen,
    aspectRatio: options.aspectRatios.includes(aspectRatio) ? aspectRatio : fallback.aspectRatio,
    // A draft or a remix at a size above the person's (a lapsed plan, another's artwork) takes the default.
    size: allowedSizes(options).includes(size) ? size : fallback.size,
    count: Number.isInteger(count) && count >= 1 && count <= options.maxImages ? count : fallback.count,
    seed: /^\d{0,10}$/.test(seed.trim()) ? seed.trim() : fallback.seed,
    strength: Number.isFinite(strength) && strength >= 0 && strength <= 1 ? strength : fallback.strength,
  };
}

export function formFromGeneration(g: GenerationView): Partial<StudioForm> {
  return {
    prompt: g.prompt,
    negativePrompt: g.negativePrompt,
    style: g.style,
    styleChosen: true, // an earlier picture's style, as it was painted
    aspectRatio: g.aspectRatio,
    size: g.size,
    count: g.count,
    seed: String(g.seed),
    strength: g.strength,
  };
}

/**
 * The style the picture will have: the one picked, else one the prompt names (if this page offers
 * it), else the picker's default. The picker shows this one.
 */
export function effectiveStyle(form: StudioForm, options: Pick<StudioOptions, "styles">, christmas: boolean): string {
  if (form.styleChosen) return form.style;
  const named = styleNamedIn(form.prompt, christmas);
  return named && options.styles.some((s) => s.id === named) ? named : form.style;
}

/** First message per field from the shared schema (the server's rule, checked early). */
export function validateForm(form: StudioForm, mode: GenerationMode, christmas: boolean): Record<string, string> {
  const parsed = generationInput.safeParse({
    ...form,
    size: String(form.size),
    count: String(form.count),
    strength: String(form.strength),
    mode,
    christmas,
  });
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

export function toFormData(
  form: StudioForm,
  mode: GenerationMode,
  christmas: boolean,
  options: Pick<StudioOptions, "negativePrompt" | "styles">,
): FormData {
  const data = new FormData();
  data.set("mode", mode);
  data.set("prompt", form.prompt.trim());
  if (options.negativePrompt) data.set("negativePrompt", form.negativePrompt.trim());
  // The style the picker shows, which is the one painted (a request without one lets the server
  // find it in the prompt the same way, for API clients).
  data.set("style", effectiveStyle(form, options, christmas));
  data.set("aspectRatio", form.aspectRatio);
  data.set("size", String(form.size));
  data.set("count", String(form.count));
  if (form.seed.trim() !== "") data.set("seed", form.seed.trim());
  if (mode !== "text") data.set("strength", String(form.strength));
  data.set("christmas", christmas ? "true" : "false");
  return data;
}

export const draftKey = (mode: GenerationMode, christmas: boolean) =>
  `atelier:studio-draft:${christmas ? "christmas:" : ""}${mode}`;
export const doodleKey = (christmas: boolean) => `atelier:doodle:${christmas ? "christmas" : "regular"}`;

export function readDraft(key: string): Partial<StudioForm> | null {
  try {
    const text = sessionStorage.getItem(key);
    if (!text) return null;
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Partial<StudioForm>) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, form: StudioForm) {
  try {
    sessionStorage.setItem(key, JSON.stringify(form));
  } catch {
    // storage unavailable or full: the draft lasts as long as the page
  }
}

/** A published artwork's settings for `?remix=` (the prompt only when its creator shares it). */
export interface RemixData {
  id: string;
  title: string;
  form: Partial<StudioForm>;
}

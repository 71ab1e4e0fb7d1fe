/**
 * The one interface every image engine implements: the offline Studio engine today, remote
 * AI backends (AUTOMATIC1111/Forge, ComfyUI, OpenAI Images, Stability) through the same shape
 * later. The job pipeline knows nothing else about an engine.
 *
 * Designed for remote backends too (see shared/reference/image-backends.md): explicit seeds per
 * image (A1111 and Stability take one, ComfyUI needs one, OpenAI has none → `seeds` may be
 * absent), batches, progress that may never come, cancellation through an AbortSignal, and a
 * moderation outcome that is neither a success nor a crash.
 */
import {
  ASPECT_RATIOS,
  type AspectRatio,
  GENERATION_MODES,
  type GenerationMode,
  IMAGE_SIZES,
  MAX_IMAGES,
} from "../../../app/lib/generation";
import { STYLE_IDS } from "@atelier/studio/styles";
import { EDIT_KINDS, type EditKind, type OutpaintSides } from "../../../app/lib/picture-edits";

export interface EngineCapabilities {
  modes: readonly GenerationMode[];
  /** Long sides the engine renders; the form offers only these. */
  sizes: readonly number[];
  aspectRatios: readonly AspectRatio[];
  maxImagesPerRequest: number;
  /** Style preset ids the engine understands (remote engines map them to prompt suffixes). */
  styles: readonly string[];
  negativePrompt: boolean;
  /** False for engines that ignore seeds (OpenAI): the same seed then gives a different image. */
  deterministicSeeds: boolean;
  /** False when the engine reports no progress (the bar then shows the stage only). */
  progress: boolean;
  /** The edits of a part of a picture the engine makes (issue 31); empty when it makes none. */
  edits: readonly EditKind[];
}

export { EDIT_KINDS, type EditKind, type OutpaintSides } from "../../../app/lib/picture-edits";

/**
 * An edit of `GenerationRequest.sourceImage` (the picture, encoded): with `prompt` saying what goes
 * there; an inpaint with no prompt removes what was masked (fills it from the rest of the picture).
 */
export interface EditInstructions {
  kind: EditKind;
  /**
   * Inpaint: a PNG of the source's size, white where the picture changes, black where it stays,
   * greys across the feathered edge. Outpaint: absent (the new area is the mask).
   */
  mask?: Buffer;
  /** Outpaint: how far each side grows. */
  sides?: OutpaintSides;
}

/** Everything the product offers. Engines that render any request declare it; the others narrow it. */
export const FULL_CAPABILITIES: EngineCapabilities = {
  modes: GENERATION_MODES,
  sizes: IMAGE_SIZES,
  aspectRatios: ASPECT_RATIOS,
  maxImagesPerRequest: MAX_IMAGES,
  styles: STYLE_IDS,
  negativePrompt: true,
  deterministicSeeds: true,
  progress: true,
  edits: EDIT_KINDS,
};

export interface GenerationRequest {
  mode: GenerationMode;
  prompt: string;
  negativePrompt: string;
  style: string;
  width: number;
  height: number;
  aspectRatio: AspectRatio;
  /** Seed of the first image; image i uses seed + i (as AUTOMATIC1111 does). */
  seed: number;
  count: number;
  /** Image and doodle modes: 0 keeps the source, 1 is full style (denoising strength remotely). */
  strength: number;
  christmas: boolean;
  /** Image mode: the uploaded picture. Doodle mode: the drawing (label colours, see doodle-brushes.ts). Encoded bytes. */
  sourceImage?: Buffer;
  /** An edit of a part of `sourceImage` (issue 31); the result's size is `width` × `height`. */
  edit?: EditInstructions;
}

export interface GeneratedImage {
  bytes: Buffer;
  mime: "image/png" | "image/jpeg" | "image/webp";
  width: number;
  height: number;
  /** The seed that made this image, when the engine has seeds. */
  seed?: number;
}

export interface ModerationOutcome {
  /** blocked: nothing usable came back; blurred: the engine returned a censored image. */
  status: "blocked" | "blurred";
  message: string;
}

export interface GenerationResult {
  images: GeneratedImage[];
  moderation?: ModerationOutcome;
  /** What the backend reports about cost or tokens, kept for admins. */
  usage?: Record<string, unknown>;
  /** How the engine read the prompt (Studio), shown on the job card and kept with the generation. */
  reading?: PromptReading;
}

/** Each subject with where it came from ("beagle → dog"), and the words nothing in the picture stands for. */
export interface PromptReading {
  understood: string[];
  notDrawn: string[];
}

export interface ProgressUpdate {
  /** 0..100, or null when the engine cannot tell. */
  percent: number | null;
  /** Short words for people: "Painting the sky", "Waiting for the GPU". */
  stage: string;
}

export interface GenerateOptions {
  onProgress(update: ProgressUpdate): void;
  /** Aborted when the user cancels or the job's time runs out; engines stop promptly. */
  signal: AbortSignal;
}

export interface ValidationIssue {
  field: string;
  message: string;
}

export interface ImageEngine {
  /** Stable id stored with every generation ("studio", "a1111:main"…). */
  readonly id: string;
  /** Shown to users next to each image: honest about what made it. */
  readonly label: string;
  readonly capabilities: EngineCapabilities;
  /** Checks a request against what this engine can do; an empty list means it can run. */
  validate(request: GenerationRequest): ValidationIssue[];
  generate(request: GenerationRequest, options: GenerateOptions): Promise<GenerationResult>;
  /** Releases threads or connections at shutdown. */
  close?(): Promise<void>;
}

export type EngineErrorKind =
  /** The request cannot work on this engine; retrying will not help. */
  | "invalid_request"
  /** The backend refused the content. */
  | "moderated"
  /** The backend cannot be reached or is overloaded; another engine or a later retry may work. */
  | "unavailable"
  | "timeout"
  | "canceled"
  /** Anything else the backend reported. */
  | "failed";

/** A failure an engine explains: `userMessage` is plain words for the person who asked. */
export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    readonly userMessage: string,
    options: { cause?: unknown; retryable?: boolean; detail?: string; retryAfterSeconds?: number } = {},
  ) {
    super(options.detail ?? userMessage, { cause: options.cause });
    this.name = "EngineError";
    this.retryable = options.retryable ?? (kind === "unavailable" || kind === "timeout");
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly retryable: boolean;
  /** From a 429/503 Retry-After: the backend says when to come back (the job waits at least this long). */
  readonly retryAfterSeconds: number | undefined;
}

/** One setting of an engine kind the admin form shows (model, steps…); values are stored as strings. */
export interface EngineSettingField {
  name: string;
  label: string;
  type: "text" | "number" | "select";
  /** For selects. */
  options?: readonly string[];
  min?: number;
  max?: number;
  defaultValue: string;
  help?: string;
}

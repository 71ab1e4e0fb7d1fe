/**
 * What the generation APIs answer, shared by the server (which builds these views) and the
 * AI pages (which render them). Dates are ISO strings.
 *
 *   POST   /api/generations                      multipart form (generationInput fields, plus
 *                                                `sourceImage` = a preview fileName for image mode,
 *                                                `doodle` = the drawing as a PNG file for doodle mode;
 *                                                no `style`: the one the prompt names, else natural)
 *                                                → 202 { generation, balance }
 *                                                  400 invalid_input (error.fields per field) | 401
 *                                                  402 insufficient_tokens | 409 too_many_jobs
 *                                                  503 generation_paused
 *   GET    /api/generations?mode=&cursor=&limit= → { items, nextCursor }
 *   GET    /api/generations/{id}                 → { generation }
 *   GET    /api/generations/{id}/events          → text/event-stream; `event: generation`, data = GenerationView,
 *                                                  sent on every change; the stream ends when the job is finished
 *   POST   /api/generations/{id}/cancel          → { generation, balance }
 *   DELETE /api/generations/{id}                 → { ok: true }
 *   GET    /api/generations/{id}/images/{index}?format=png|webp|jpeg → the image as a download
 *   POST   /api/preview-image                    multipart `image` → PreviewImageView (spec §3 previewImage)
 *   POST   /api/delete-request-image {fileName}  → { ok } (spec §7)
 *   GET    /api/tokens                           → { balance }
 *
 * Errors are `{ error: { code, message, fields? } }` like every Atelier API.
 */
import type { AspectRatio, GenerationMode, GenerationStatus } from "./generation";
import type { EditKind, OutpaintSides } from "./picture-edits";

export interface GenerationImageView {
  index: number;
  /** Full-size PNG for display. */
  url: string;
  /** WebP thumbnail, about 384 px on the long side. */
  thumbUrl: string;
  /** A tiny blurred data: URL shown while the image loads. */
  placeholder: string;
  width: number;
  height: number;
  seed: number | null;
  /** The safety check's rating (ADR 0059): a mature picture is published only when marked mature; null until screened. */
  maturity: "general" | "mature" | null;
}

export interface GenerationEditView {
  kind: EditKind;
  /** Outpaint: how far each side grew, in percent. */
  sides: OutpaintSides | null;
  /** Inpaint: the painted mask at the result's size (white = changed). */
  maskUrl: string | null;
  /** The history picture it came from, while that generation exists; null for an upload. */
  fromGenerationId: string | null;
  fromIndex: number | null;
}

export interface GenerationView {
  id: string;
  mode: GenerationMode;
  status: GenerationStatus;
  engineId: string;
  /** Shown with every image, e.g. "Studio — offline engine". */
  engineLabel: string;
  prompt: string;
  negativePrompt: string;
  style: string;
  aspectRatio: AspectRatio;
  size: number;
  width: number;
  height: number;
  count: number;
  seed: number;
  strength: number;
  christmas: boolean;
  cost: number;
  /** 0..100 while running; null when unknown. */
  progress: number | null;
  stage: string | null;
  /** Jobs ahead of this one while queued (0 = next). */
  queuePosition: number | null;
  /** Back in the queue after a try that failed or was interrupted: `stage` says why, not the line. */
  retrying: boolean;
  /**
   * Studio only (text, doodle and an edit with a prompt): the subjects, light and weather it recognised in
   * the prompt, so a person sees why the picture looks as it does; [] when it recognised no subject
   * and painted an abstract composition. null for other engines and for image mode.
   */
  understood: string[] | null;
  /**
   * Nouns of the prompt Studio could not draw (issue 28), so it never drops a word silently; null
   * where `understood` is.
   */
  notDrawn: string[] | null;
  /** Why it failed or was canceled, in plain words. */
  error: string | null;
  refunded: boolean;
  /** The safety check held its pictures (rated explicit): not shown, refunded, waiting for an admin (ADR 0059). */
  held: boolean;
  /** The source picture (image mode) or the drawing (doodle mode). */
  sourceUrl: string | null;
  /** An edit of a part of `sourceUrl` (issue 31); null for every other generation. */
  edit: GenerationEditView | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  images: GenerationImageView[];
}

export interface GenerationPage {
  items: GenerationView[];
  nextCursor: string | null;
}

export interface PreviewImageView {
  /** The file's name, kept in local storage under `previewImage` and sent back to delete it. */
  fileName: string;
  url: string;
  width: number;
  height: number;
}

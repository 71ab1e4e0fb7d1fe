/**
 * What the AI pages (/ai/* and /ai/christmas-event/*) load: the engine for the mode, its
 * limits, the token costs, the user's balance and the first page of their history; and what the
 * editor of a part of a picture (/ai/edit) loads: its picture and, per kind of edit, the price.
 */
import {
  ASPECT_RATIOS,
  IMAGE_SIZES,
  scaleCostTable,
  type CostTable,
  type GenerationMode,
} from "../../app/lib/generation";
import type { GenerationPage } from "../../app/lib/generation-views";
import { getDb } from "../db/client";
import { getGenerationView, listGenerations } from "./generations";
import { readPreviewImage } from "./uploads";
import { fileUrl } from "../storage/file-url";
import { pictureSize } from "./engines/edit-canvas";
import { loadTokenSettings } from "./token-settings";
import { DEFAULT_MAX_SIZE, loadMemberPerks, type MemberPerks } from "./member-perks";
import { getTokenBalance } from "./ledger";
import { enginesForEdit, enginesForMode, type RoutedEngine } from "./engines/registry";
import { EDIT_KINDS, type EditKind } from "../../app/lib/picture-edits";

export interface StudioPageData {
  mode: GenerationMode;
  christmas: boolean;
  signedIn: boolean;
  /** Null for visitors. */
  balance: number | null;
  costs: CostTable;
  /** The admin switch: while on, the form explains and does not submit. */
  paused: boolean;
  /** The person's pictures in progress at once: everyone's, or their plan's (issue 41). */
  maxConcurrentJobs: number;
  /**
   * The largest size the person may choose (1024, or a plan's; visitors: 1024): the form shows the
   * engine's larger sizes disabled, with where they come from.
   */
  maxSize: number;
  engine: {
    /** False when no engine is enabled for the mode: the form explains instead of submitting. */
    available: boolean;
    id: string;
    label: string;
    sizes: number[];
    aspectRatios: string[];
    maxImages: number;
    styles: string[];
    negativePrompt: boolean;
  };
  history: GenerationPage;
}

/** The studio's data for a visitor (`userId` null) or a signed-in person. */
export async function loadStudioPage(
  userId: string | null,
  mode: GenerationMode,
  christmas: boolean,
): Promise<StudioPageData> {
  const db = getDb();
  const user = userId === null ? null : { userUid: userId };
  const [routed, settings, balance, history, perks] = await Promise.all([
    enginesForMode(db, mode).then((list) => list[0] ?? null),
    loadTokenSettings(db),
    user ? getTokenBalance(db, user.userUid) : Promise.resolve(null),
    user ? listGenerations(db, user.userUid, { mode, limit: 12 }) : Promise.resolve({ items: [], nextCursor: null }),
    perksFor(userId),
  ]);
  return {
    mode,
    christmas,
    signedIn: user !== null,
    balance,
    costs: scaleCostTable(settings.costs, routed?.costMultiplier ?? 1),
    paused: settings.generationPaused,
    maxConcurrentJobs: perks?.maxConcurrentJobs ?? settings.maxConcurrentJobs,
    maxSize: perks?.maxSize ?? DEFAULT_MAX_SIZE,
    engine: routed
      ? {
          available: true,
          id: routed.engine.id,
          label: routed.engine.label,
          sizes: [...routed.engine.capabilities.sizes],
          aspectRatios: [...routed.engine.capabilities.aspectRatios],
          maxImages: routed.engine.capabilities.maxImagesPerRequest,
          styles: routed.engine.capabilities.styles.filter((s) => christmas || !s.startsWith("christmas-")),
          negativePrompt: routed.engine.capabilities.negativePrompt,
        }
      : {
          available: false,
          id: "none",
          label: "No engine",
          sizes: [...IMAGE_SIZES],
          aspectRatios: [...ASPECT_RATIOS],
          maxImages: 1,
          styles: [],
          negativePrompt: false,
        },
    history,
  };
}

/** One kind of edit as the editor offers it: the engine it is priced on, its largest side and image to art's prices there. */
export interface EditKindOffer {
  /** False when no enabled engine makes this kind of edit: the editor explains instead of submitting. */
  available: boolean;
  engineId: string;
  engineLabel: string;
  /** The engine's largest side: the result is fitted inside it. */
  maxSide: number;
  maxImages: number;
  /** Image to art's row of the cost table, scaled by this engine's multiplier. */
  costs: CostTable["image"];
}

export interface EditPageData {
  signedIn: boolean;
  balance: number | null;
  paused: boolean;
  maxConcurrentJobs: number;
  kinds: Record<EditKind, EditKindOffer>;
}

/**
 * What the editor (/ai/edit, issue 31) loads besides its picture: per kind of edit, the engine
 * `createGeneration` prices it on (`primaryEngineForEdit`), so the price shown is the price charged.
 */
export async function loadEditPage(userId: string | null): Promise<EditPageData> {
  const db = getDb();
  const [settings, balance, perks, ...routed] = await Promise.all([
    loadTokenSettings(db),
    userId ? getTokenBalance(db, userId) : Promise.resolve(null),
    perksFor(userId),
    ...EDIT_KINDS.map((kind) => enginesForEdit(db, kind).then((list) => list[0] ?? null)),
  ]);
  // The result fits the engine's largest side and the person's (a plan's larger pictures, issue 41).
  const maxSize = perks?.maxSize ?? DEFAULT_MAX_SIZE;
  const offer = (engine: RoutedEngine | null): EditKindOffer =>
    engine
      ? {
          available: true,
          engineId: engine.engine.id,
          engineLabel: engine.engine.label,
          maxSide: Math.min(maxSize, Math.max(...engine.engine.capabilities.sizes)),
          maxImages: engine.engine.capabilities.maxImagesPerRequest,
          costs: scaleCostTable(settings.costs, engine.costMultiplier).image,
        }
      : {
          available: false,
          engineId: "none",
          engineLabel: "No engine",
          maxSide: Math.min(maxSize, Math.max(...IMAGE_SIZES)),
          maxImages: 1,
          costs: settings.costs.image,
        };
  return {
    signedIn: userId !== null,
    balance,
    paused: settings.generationPaused,
    maxConcurrentJobs: perks?.maxConcurrentJobs ?? settings.maxConcurrentJobs,
    kinds: Object.fromEntries(EDIT_KINDS.map((kind, i) => [kind, offer(routed[i] ?? null)])) as Record<
      EditKind,
      EditKindOffer
    >,
  };
}

/** The picture the editor opens: one of the person's history pictures, or their image-to-art preview. */
export interface EditPicture {
  url: string;
  width: number;
  height: number;
  /** What the picture is, in words (its prompt, or "Your upload"). */
  title: string;
  /** A history picture: the generation and image it is. */
  from: { generationId: string; index: number; mode: GenerationMode } | null;
  /** An image-to-art preview: its file name. */
  preview: string | null;
}

/** The picture `/ai/edit?generation=&index=` or `?preview=` names, or null when it is not (or no longer) the person's. */
export async function loadEditPicture(
  userId: string,
  wanted: { generationId: string; index: number } | { preview: string },
): Promise<EditPicture | null> {
  if ("preview" in wanted) {
    const image = await readPreviewImage(userId, wanted.preview).catch(() => null);
    // Its size as shown and as the server edits it: turned by its EXIF orientation, as browsers show it.
    const size = image ? await pictureSize(image.bytes).catch(() => null) : null;
    if (!size) return null;
    return {
      url: fileUrl(`users/${userId}/preview/${wanted.preview}`),
      width: size.width,
      height: size.height,
      title: "Your upload",
      from: null,
      preview: wanted.preview,
    };
  }
  const generation = await getGenerationView(getDb(), userId, wanted.generationId);
  const image = generation?.status === "succeeded" ? generation.images.find((i) => i.index === wanted.index) : null;
  if (!generation || !image) return null;
  return {
    url: image.url,
    width: image.width,
    height: image.height,
    title: generation.prompt.trim() || "A picture with no prompt",
    from: { generationId: generation.id, index: image.index, mode: generation.mode },
    preview: null,
  };
}

/** A signed-in person's perks (issue 41); null for visitors, who have everyone's. */
function perksFor(userId: string | null): Promise<MemberPerks | null> {
  return userId === null ? Promise.resolve(null) : loadMemberPerks(getDb(), userId);
}

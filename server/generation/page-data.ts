/**
 * What the AI pages (/ai/* and /ai/christmas-event/*) load: the engine for the mode, its
 * limits, the token costs, the user's balance and the first page of their history.
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
import { listGenerations } from "./generations";
import { loadTokenSettings } from "./token-settings";
import { getTokenBalance } from "./ledger";
import { enginesForMode } from "./engines/registry";

export interface StudioPageData {
  mode: GenerationMode;
  christmas: boolean;
  signedIn: boolean;
  /** Null for visitors. */
  balance: number | null;
  costs: CostTable;
  /** The admin switch: while on, the form explains and does not submit. */
  paused: boolean;
  maxConcurrentJobs: number;
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
  const [routed, settings, balance, history] = await Promise.all([
    enginesForMode(db, mode).then((list) => list[0] ?? null),
    loadTokenSettings(db),
    user ? getTokenBalance(db, user.userUid) : Promise.resolve(null),
    user ? listGenerations(db, user.userUid, { mode, limit: 12 }) : Promise.resolve({ items: [], nextCursor: null }),
  ]);
  return {
    mode,
    christmas,
    signedIn: user !== null,
    balance,
    costs: scaleCostTable(settings.costs, routed?.costMultiplier ?? 1),
    paused: settings.generationPaused,
    maxConcurrentJobs: settings.maxConcurrentJobs,
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

/**
 * What the AI pages (/ai/* and /ai/christmas-event/*) load: the engine for the mode, its
 * limits, the token costs, the user's balance and the first page of their history.
 */
import type { CostTable, GenerationMode } from "../../app/lib/generation";
import type { GenerationPage } from "../../app/lib/generation-views";
import { getUser } from "../auth/guards";
import { getDb } from "../db/client";
import { listGenerations } from "./generations";
import { loadTokenSettings } from "./token-settings";
import { getTokenBalance } from "./ledger";
import { engineForMode } from "./engines/registry";

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

export async function loadStudioPage(request: Request, mode: GenerationMode, christmas: boolean): Promise<StudioPageData> {
  const db = getDb();
  const user = await getUser(request);
  const engine = engineForMode(mode);
  const [settings, balance, history] = await Promise.all([
    loadTokenSettings(db),
    user ? getTokenBalance(db, user.userUid) : Promise.resolve(null),
    user ? listGenerations(db, user.userUid, { mode, limit: 12 }) : Promise.resolve({ items: [], nextCursor: null }),
  ]);
  return {
    mode,
    christmas,
    signedIn: user !== null,
    balance,
    costs: settings.costs,
    paused: settings.generationPaused,
    maxConcurrentJobs: settings.maxConcurrentJobs,
    engine: {
      id: engine.id,
      label: engine.label,
      sizes: [...engine.capabilities.sizes],
      aspectRatios: [...engine.capabilities.aspectRatios],
      maxImages: engine.capabilities.maxImagesPerRequest,
      styles: engine.capabilities.styles.filter((s) => christmas || !s.startsWith("christmas-")),
      negativePrompt: engine.capabilities.negativePrompt,
    },
    history,
  };
}

/** Which image the lightbox shows: its arrows walk this session's jobs, then the history, each job once. */
import { useMemo, useState } from "react";
import type { GenerationView } from "~/lib/generation-views";
import type { LightboxEntry } from "./lightbox";

export function useStudioLightbox(sessionItems: GenerationView[], historyItems: GenerationView[]) {
  const [index, setIndex] = useState<number | null>(null);
  const entries = useMemo<LightboxEntry[]>(() => {
    const seen = new Set<string>();
    const out: LightboxEntry[] = [];
    for (const g of [...sessionItems, ...historyItems]) {
      if (seen.has(g.id)) continue;
      seen.add(g.id);
      for (const image of g.images) out.push({ generation: g, image });
    }
    return out;
  }, [sessionItems, historyItems]);

  const open = (g: GenerationView, imageIndex: number) => {
    const at = entries.findIndex((e) => e.generation.id === g.id && e.image.index === imageIndex);
    if (at >= 0) setIndex(at);
  };

  return { entries, index, setIndex, open, close: () => setIndex(null) };
}

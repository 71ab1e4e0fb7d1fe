/**
 * Rows written straight into the database, for tests (unit, integration and e2e) that need a
 * generation or a published artwork without running the studio or the publish flow.
 */
import { randomUUID } from "node:crypto";
import type { artworks, generations } from "../../server/db/schema";

/** A 1×1 WebP, the smallest placeholder the community pages accept. */
export const PLACEHOLDER = "data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=";

/** A 512×512 text-mode generation by the offline studio; `extra` sets anything else (status, prompt…). */
export function studioGenerationRow(userId: string, extra: Partial<typeof generations.$inferInsert> = {}) {
  return {
    userId,
    mode: "text",
    engineId: "studio",
    engineLabel: "Studio — offline engine",
    prompt: "a lighthouse on a cliff",
    style: "natural",
    aspectRatio: "1:1",
    size: 512,
    width: 512,
    height: 512,
    count: 1,
    seed: 7,
    strength: 0.75,
    cost: 2,
    ...extra,
  } satisfies typeof generations.$inferInsert;
}

/**
 * A published 512×512 watercolour by `userId`, its files named as publishing names them (the files
 * themselves are not written); `extra` sets anything else (tags, likes…).
 */
export function publishedArtworkRow(userId: string, title: string, extra: Partial<typeof artworks.$inferInsert> = {}) {
  const id = extra.id ?? randomUUID();
  return {
    id,
    userId,
    title,
    mode: "text",
    style: "watercolor",
    aspectRatio: "1:1",
    size: 512,
    seed: 1,
    strength: 0.75,
    engineLabel: "Studio — offline engine",
    key: `users/${userId}/artworks/20261123000000-${id}.png`,
    thumbKey: `users/${userId}/artworks/20261123000000-${id}.webp`,
    placeholder: PLACEHOLDER,
    mime: "image/png",
    width: 512,
    height: 512,
    ...extra,
  } satisfies typeof artworks.$inferInsert;
}

/**
 * Benchmarks' community: creators and published artworks with a spread of styles, modes, tags,
 * dates and counters, inserted in batches straight into the tables (no images are drawn).
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../server/db/client";

export const BENCH_WORDS = [
  "sunset",
  "mountain",
  "lake",
  "city",
  "forest",
  "galaxy",
  "desert",
  "flowers",
  "snow",
  "sea",
  "night",
  "dawn",
];
const STYLES = ["natural", "watercolor", "oil-painting", "ink-sketch", "pixel-art", "low-poly", "stained-glass"];

/** Adds `artworks` artworks by `creators` creators; answers the id of the newest one. */
export async function seedBenchArtworks(db: Database, counts: { artworks: number; creators: number }): Promise<string> {
  const schema = await import("../../server/db/schema"); // loaded late, like the benches' other server modules
  const creators = Array.from({ length: counts.creators }, (_, i) => `bench-${randomUUID()}-${i}`);
  await db
    .insert(schema.user)
    .values(creators.map((id, i) => ({ id, name: `Creator ${i}`, email: `${id}@bench.test`, emailVerified: true })));
  const now = Date.now();
  let firstId = "";
  for (let start = 0; start < counts.artworks; start += 500) {
    const rows = Array.from({ length: Math.min(500, counts.artworks - start) }, (_, k) => {
      const i = start + k;
      const a = BENCH_WORDS[i % BENCH_WORDS.length]!;
      const b = BENCH_WORDS[(i * 7) % BENCH_WORDS.length]!;
      const id = randomUUID();
      firstId ||= id;
      return {
        id,
        userId: creators[i % creators.length]!,
        title: `${a} and ${b} #${i}`,
        description: `A study of ${a} over ${b}.`,
        tags: [a, b],
        prompt: `a ${a} with ${b}, painted`,
        mode: i % 5 === 0 ? "doodle" : i % 3 === 0 ? "image" : "text",
        style: STYLES[i % STYLES.length]!,
        aspectRatio: "1:1",
        size: 512,
        seed: i,
        strength: 0.8,
        christmas: i % 20 === 0,
        engineLabel: "Studio — offline engine",
        key: `users/bench/artworks/${id}.png`,
        thumbKey: `users/bench/artworks/${id}.webp`,
        placeholder: "data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=",
        mime: "image/png",
        width: 512,
        height: 512,
        // One in fifty unlisted (never in lists); the first one always public, for detail pages.
        visibility: i % 50 === 0 && i > 0 ? "unlisted" : "public",
        likes: (i * 37) % 500,
        dislikes: (i * 11) % 40,
        downloads: (i * 53) % 900,
        trendingScore: ((i * 97) % 1000) / 10,
        featuredAt: i % 400 === 0 ? new Date(now - i * 1000) : null,
        createdAt: new Date(now - i * 60_000),
      };
    });
    await db.insert(schema.artworks).values(rows as never);
  }
  return firstId;
}

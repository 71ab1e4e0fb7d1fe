/** Generations queued for the queue benchmarks: text, 512 px, one image, seeds counting up. */
import type { Database } from "../../server/db/client";

/** Queues `total` generations spread over `people` (each must have the tokens), as many at once as there are people. */
export async function queueBenchGenerations(db: Database, people: string[], total: number): Promise<void> {
  const { createGeneration } = await import("../../server/generation/generations");
  const { enqueueRenderJob } = await import("../../server/generation/render-job");
  for (let i = 0; i < total; i += people.length)
    await Promise.all(
      people.slice(0, Math.min(people.length, total - i)).map((userId, k) =>
        createGeneration(db, {
          userId,
          input: {
            mode: "text",
            prompt: "bench",
            negativePrompt: "",
            style: "natural",
            aspectRatio: "1:1",
            size: 512,
            count: 1,
            seed: i + k,
            strength: 1,
            christmas: false,
          },
          enqueue: (id, priority) => enqueueRenderJob(id, 0, priority),
        }),
      ),
    );
}

/** What the public API shows of a job and an artwork (schemas.ts), from the Studio's own views. */
import type { z } from "zod";
import type { GenerationView } from "~/lib/generation-views";
import type { ArtworkView } from "~/lib/community-views";
import type { artwork, job } from "./schemas";

export function toJob(view: GenerationView): z.input<typeof job> {
  return {
    id: view.id,
    // An edit is image to art with an edit kind underneath; the API names it as it is asked for.
    mode: view.edit ? "edit" : view.mode,
    status: view.status,
    prompt: view.prompt,
    negativePrompt: view.negativePrompt,
    style: view.style,
    aspectRatio: view.aspectRatio,
    size: view.size,
    width: view.width,
    height: view.height,
    count: view.count,
    seed: view.seed,
    strength: view.strength,
    christmas: view.christmas,
    cost: view.cost,
    refunded: view.refunded,
    progress: view.progress,
    stage: view.stage,
    queuePosition: view.queuePosition,
    error: view.error,
    engine: view.engineLabel,
    createdAt: view.createdAt,
    startedAt: view.startedAt,
    finishedAt: view.finishedAt,
    pictures: view.images.map((image) => ({
      index: image.index,
      width: image.width,
      height: image.height,
      seed: image.seed ?? null,
      maturity: image.maturity,
      download: `/api/v1/generations/${view.id}/pictures/${image.index}`,
    })),
    edit: view.edit
      ? {
          kind: view.edit.kind,
          sides: view.edit.sides,
          from:
            view.edit.fromGenerationId !== null && view.edit.fromIndex !== null
              ? { generation: view.edit.fromGenerationId, index: view.edit.fromIndex }
              : null,
        }
      : null,
  };
}

export function toArtwork(view: ArtworkView): z.input<typeof artwork> {
  return {
    id: view.id,
    title: view.title,
    visibility: view.visibility,
    page: `/community/detail?id=${view.id}`,
    image: view.imageUrl,
    maturity: view.maturity,
    createdAt: view.createdAt,
  };
}

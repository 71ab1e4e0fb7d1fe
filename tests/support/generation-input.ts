import type { GenerationInput } from "../../app/lib/generation";

/**
 * A generation form as the Studio's schema gives it to `createGeneration`: one 512 px square
 * watercolor with seed 7 unless `change` says otherwise (the mode and what the test is about).
 */
export function generationInputOf(change: Partial<GenerationInput> & Pick<GenerationInput, "mode">): GenerationInput {
  return {
    prompt: "",
    negativePrompt: "",
    style: "watercolor",
    aspectRatio: "1:1",
    size: 512,
    count: 1,
    seed: 7,
    strength: 0.75,
    christmas: false,
    ...change,
  };
}

/**
 * What every remote-engine test shares (a1111, comfyui, openai-images, stability): a fake server
 * per test, closed after it; a generation request with defaults; running an engine; expecting it
 * to fail with an EngineError.
 */
import sharp from "sharp";
import { afterEach, expect } from "vitest";
import {
  EngineError,
  type GenerationRequest,
  type ImageEngine,
  type ProgressUpdate,
} from "../../server/generation/engines/engine";

/** `start` wrapped so each server a test starts is closed after that test. Call at the top of a file. */
export function fakeServers<F extends { close(): Promise<void> }, O>(start: (options: O) => Promise<F>) {
  const open: F[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((f) => f.close()));
  });
  return async (options: O = {} as O): Promise<F> => {
    const server = await start(options);
    open.push(server);
    return server;
  };
}

/** A text-to-art request for "a lighthouse at dusk", 512 × 384, two images; `change` overrides any of it. */
export function generationRequest(change: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    mode: "text",
    prompt: "a lighthouse at dusk",
    negativePrompt: "blurry",
    style: "watercolor",
    width: 512,
    height: 384,
    aspectRatio: "4:3",
    seed: 1234,
    count: 2,
    strength: 0.6,
    christmas: false,
    ...change,
  };
}

export function runEngine(
  engine: ImageEngine,
  request: GenerationRequest,
  signal = new AbortController().signal,
  onProgress: (update: ProgressUpdate) => void = () => {},
) {
  return engine.generate(request, { onProgress, signal });
}

/** The EngineError a promise rejects with (the test fails if it resolves or throws something else). */
export async function engineFailure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

export type RGB = [number, number, number];

/** One pixel of an encoded picture, as sRGB without alpha (the edit tests read results with it). */
export async function pixel(png: Buffer, x: number, y: number): Promise<RGB> {
  const { data, info } = await sharp(png)
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

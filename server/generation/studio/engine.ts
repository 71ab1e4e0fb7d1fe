/**
 * Studio, the built-in offline engine, behind the engine interface. It paints procedurally
 * (no model, no network, no GPU) and says so in its label. Images render in a pool of worker
 * threads so the web server stays responsive; sharp decodes sources and encodes PNGs on
 * libuv's thread pool, outside the event loop. The painting itself is the @atelier/studio package.
 */
import { MessageChannel } from "node:worker_threads";
import { decodeSource, encodePng, type Raster, type StudioEditTask, type StudioImageTask } from "@atelier/studio";
import { Piscina } from "piscina";
import { getConfig } from "../../config";
import {
  EngineError,
  type EngineCapabilities,
  FULL_CAPABILITIES,
  type GenerationRequest,
  type ImageEngine,
  type PromptReading,
  type ValidationIssue,
} from "../engines/engine";
import { editIssues, outpaintLayout } from "../engines/edit-canvas";
import type { WorkerResult, WorkerTask } from "./worker";
import { studioWorkerFile } from "./worker-file";

export const STUDIO_LABEL = "Studio — offline engine";
/**
 * The long side Studio paints up to: the largest of IMAGE_SIZES (1536 is a member's perk, issue 41;
 * Studio's scenes and styles are drawn in units of the picture's size, so it paints the same picture larger).
 */
export const STUDIO_MAX_SIDE = Math.max(...FULL_CAPABILITIES.sizes);

export interface StudioEngineOptions {
  threads: number;
}

/**
 * The size an edit's picture is decoded at: an inpaint's is the result's; an outpaint's is its
 * place on the widened result (Studio is told the result's exact size).
 * Undefined for the other modes (the picture is decoded at the result's size).
 */
function editSourceSize(request: GenerationRequest): { mode: "image"; width: number; height: number } | undefined {
  if (request.edit?.kind !== "outpaint" || !request.edit.sides) return undefined;
  const { inner } = outpaintLayout(request.edit.sides, request.width, request.height);
  return { mode: "image", ...inner };
}

export function createStudioEngine(options: StudioEngineOptions): ImageEngine {
  let pool: Promise<Piscina> | undefined;
  const getPool = () =>
    (pool ??= studioWorkerFile({ production: getConfig().isProduction }).then(
      (filename) => new Piscina({ filename, maxThreads: options.threads, minThreads: 0, idleTimeout: 60_000 }),
    ));

  // Studio makes both edits (issue 31, ADR 0054): renderStudioEdit in the same worker threads.
  const capabilities: EngineCapabilities = FULL_CAPABILITIES;

  return {
    id: "studio",
    label: STUDIO_LABEL,
    capabilities,

    validate(request) {
      const issues: ValidationIssue[] = [];
      if (!capabilities.styles.includes(request.style as never))
        issues.push({ field: "style", message: "Studio does not know that style" });
      if (Math.max(request.width, request.height) > STUDIO_MAX_SIDE || Math.min(request.width, request.height) < 64) {
        issues.push({ field: "size", message: `Studio renders up to ${STUDIO_MAX_SIDE} pixels on the long side` });
      }
      if (request.count < 1 || request.count > capabilities.maxImagesPerRequest)
        issues.push({ field: "count", message: "Make 1 to 4 images" });
      if (request.edit) {
        issues.push(...editIssues(request.edit));
        if (!request.sourceImage) issues.push({ field: "sourceImage", message: "Choose a picture to edit first" });
      }
      return issues;
    },

    async generate(request, { onProgress, signal }) {
      if (signal.aborted) throw new EngineError("canceled", "The generation was canceled.");
      onProgress({ percent: 0, stage: "Preparing the canvas" });
      let source: Raster | undefined;
      let mask: Raster | undefined;
      if (request.sourceImage) {
        try {
          source = await decodeSource(request.sourceImage, editSourceSize(request) ?? request);
          if (request.edit?.mask) mask = await decodeSource(request.edit.mask, request);
        } catch (error) {
          throw new EngineError("invalid_request", "The picture could not be read. Try another file.", {
            cause: error,
          });
        }
      }
      const piscina = await getPool();
      const fractions = new Array<number>(request.count).fill(0);
      let lastPercent = -1;
      const report = (index: number, fraction: number, stage: string) => {
        fractions[index] = fraction;
        // Encoding takes the last few percent; rendering fills 0–95.
        const percent = Math.round((fractions.reduce((a, b) => a + b, 0) / request.count) * 95);
        if (percent === lastPercent) return;
        lastPercent = percent;
        // One picture's own "Done" is not the job's: the job says Done only when every picture is in.
        const label = stage === "Done" ? "Finishing" : stage;
        onProgress({ percent, stage: request.count > 1 ? `${label} (image ${index + 1} of ${request.count})` : label });
      };

      let reading: PromptReading | undefined;
      const renderOne = async (index: number) => {
        const seed = (request.seed + index) >>> 0;
        const edit: StudioEditTask | undefined =
          request.edit && source
            ? {
                kind: request.edit.kind,
                prompt: request.prompt,
                negativePrompt: request.negativePrompt,
                style: request.style,
                seed,
                christmas: request.christmas,
                source,
                ...(mask ? { mask } : {}),
                ...(request.edit.sides ? { sides: request.edit.sides } : {}),
                size: { width: request.width, height: request.height },
              }
            : undefined;
        const task: StudioImageTask = {
          mode: request.mode,
          prompt: request.prompt,
          negativePrompt: request.negativePrompt,
          style: request.style,
          width: request.width,
          height: request.height,
          seed,
          strength: request.strength,
          christmas: request.christmas,
          ...(source ? { source } : {}),
        };
        const channel = new MessageChannel();
        channel.port2.on("message", (m: { fraction: number; stage: string }) => report(index, m.fraction, m.stage));
        try {
          // An edit's prompt names what is painted in, so it is read like a text prompt.
          const read = index === 0 && (request.mode !== "image" || edit !== undefined) && request.prompt.trim() !== "";
          const payload: WorkerTask = { task, ...(edit ? { edit } : {}), port: channel.port1, read };
          const result = (await piscina.run(payload, {
            transferList: [channel.port1] as never,
            signal,
          })) as WorkerResult;
          report(index, 1, "Finishing");
          const bytes = await encodePng(result);
          if (result.reading) reading = result.reading;
          return { bytes, mime: "image/png" as const, width: result.width, height: result.height, seed };
        } finally {
          channel.port2.close();
        }
      };

      try {
        const images = await Promise.all(Array.from({ length: request.count }, (_, i) => renderOne(i)));
        onProgress({ percent: 100, stage: "Done" });
        return { images, ...(reading ? { reading } : {}) };
      } catch (error) {
        if (signal.aborted) throw new EngineError("canceled", "The generation was canceled.", { cause: error });
        throw new EngineError("failed", "Studio could not paint this picture.", {
          cause: error,
          detail: String(error),
        });
      }
    },

    async close() {
      if (!pool) return;
      const p = await pool;
      pool = undefined;
      await p.destroy();
    },
  };
}

/**
 * Where Studio's worker-thread bundle is. Worker threads need plain JavaScript: production
 * uses build/studio/worker.mjs (made by `npm run build`); development and tests bundle the
 * TypeScript entry with esbuild on first use, so edits show up without a build step.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { findAppRoot } from "../../app-root";

let resolved: Promise<string> | undefined;

export function studioWorkerFile(options: { production: boolean }): Promise<string> {
  resolved ??= (async () => {
    const root = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
    if (options.production) {
      const built = path.join(root, "build/studio/worker.mjs");
      if (!fs.existsSync(built)) throw new Error("build/studio/worker.mjs is missing: run `npm run build`");
      return built;
    }
    const outfile = path.join(root, "node_modules/.cache/atelier/studio-worker.mjs");
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    const helper = pathToFileURL(path.join(root, "scripts/studio-bundle.mjs")).href;
    const { bundleStudioWorker } = (await import(/* @vite-ignore */ helper)) as {
      bundleStudioWorker(root: string, out: string): Promise<string>;
    };
    return bundleStudioWorker(root, outfile);
  })();
  return resolved;
}

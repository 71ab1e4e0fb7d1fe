// Bundles Studio's worker-thread entry (TypeScript) into build/studio/worker.mjs for production.
// Development and tests bundle it on first use instead (server/generation/studio/worker-file.ts).
import path from "node:path";
import { bundleStudioWorker } from "./studio-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const file = await bundleStudioWorker(root, path.join(root, "build/studio/worker.mjs"));
console.log(`Studio worker → ${path.relative(root, file)}`);

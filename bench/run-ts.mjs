// Runs a TypeScript benchmark: bundles it with esbuild (packages stay imports) and runs it.
//   node bench/run-ts.mjs bench/pages.bench.ts [args…]   (Studio's own: npm run bench -w @atelier/studio)
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleEntry } from "../scripts/studio-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("Usage: node bench/run-ts.mjs bench/<name>.bench.ts [args…]");
  process.exit(1);
}
// Two folders below the root, like build/server/index.js, so code that finds ./drizzle relative to itself still does.
const out = await bundleEntry(
  root,
  entry,
  path.join(root, "node_modules/.cache", `atelier-${path.basename(entry, ".ts")}.mjs`),
);
const { main } = await import(pathToFileURL(out).href);
await main(args);

// Runs one of Studio's TypeScript entry points (the CLI, the benchmark) under plain Node: bundles
// it with esbuild into node_modules/.cache (npm packages stay imports: sharp and the canvas are
// native) and calls its `main(args)`. Written to a temporary name and renamed, so two runs at
// once never see half a file.
//   node scripts/run-ts.mjs bench/studio.bench.ts [args…]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function runEntry(entry, args) {
  const { build } = await import("esbuild");
  const packageRoot = path.resolve(import.meta.dirname, "..");
  const outfile = path.join(packageRoot, "node_modules/.cache/studio", `${path.basename(entry, ".ts")}.mjs`);
  const tmp = `${outfile}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [path.resolve(packageRoot, entry)],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
  });
  fs.renameSync(tmp, outfile);
  const { main } = await import(pathToFileURL(outfile).href);
  return main(args);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error("Usage: node scripts/run-ts.mjs <entry.ts> [args…]");
    process.exit(1);
  }
  await runEntry(entry, args);
}

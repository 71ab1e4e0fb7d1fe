// One esbuild call shared by the production build, the development fallback and the Studio CLI:
// TypeScript in, one ES module out, npm packages left as imports (sharp and the canvas are native).
// Written to a temporary name and renamed, so processes bundling at once never see half a file.
import fs from "node:fs";
import path from "node:path";

export async function bundleEntry(root, entry, outfile) {
  const { build } = await import("esbuild");
  const tmp = `${outfile}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [path.join(root, entry)],
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
  return outfile;
}

export const bundleStudioWorker = (root, outfile) => bundleEntry(root, "server/generation/studio/worker.ts", outfile);

// One esbuild call shared by the production build, the development fallback and the benchmarks:
// TypeScript in, one ES module out. npm packages stay imports (sharp and the canvas are native),
// except Atelier's own workspace packages (packages/*), which ship as TypeScript and are bundled in.
// Written to a temporary name and renamed, so processes bundling at once never see half a file.
import fs from "node:fs";
import path from "node:path";

/** Resolves `@atelier/<name>[/<entry>]` through the workspace package's own `exports`. */
function workspacePackages(root) {
  const packages = new Map();
  const dir = path.join(root, "packages");
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const manifest = path.join(dir, name, "package.json");
    if (!fs.existsSync(manifest)) continue;
    const { name: id, exports } = JSON.parse(fs.readFileSync(manifest, "utf8"));
    packages.set(id, { folder: path.join(dir, name), exports });
  }
  return {
    name: "atelier-workspace-packages",
    setup(build) {
      build.onResolve({ filter: /^@atelier\// }, (args) => {
        const [scope, name, ...rest] = args.path.split("/");
        const found = packages.get(`${scope}/${name}`);
        const target = found?.exports[rest.length ? `./${rest.join("/")}` : "."];
        if (!target) return { errors: [{ text: `${args.path} is not an entry of a workspace package` }] };
        return { path: path.join(found.folder, target) };
      });
    },
  };
}

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
    plugins: [workspacePackages(root)],
    sourcemap: "inline",
    logLevel: "warning",
  });
  fs.renameSync(tmp, outfile);
  return outfile;
}

export const bundleStudioWorker = (root, outfile) => bundleEntry(root, "server/generation/studio/worker.ts", outfile);

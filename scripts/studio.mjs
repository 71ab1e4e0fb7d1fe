// `npm run studio -- …`: Studio's command line (server/generation/studio/cli.ts), bundled on the fly.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleEntry } from "./studio-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = await bundleEntry(
  root,
  "server/generation/studio/cli.ts",
  path.join(root, "node_modules/.cache/atelier/studio-cli.mjs"),
);
const { main } = await import(pathToFileURL(out).href);
process.exitCode = await main(process.argv.slice(2));

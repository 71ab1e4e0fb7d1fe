// Studio's command line (src/cli.ts), bundled on the fly: `npm run studio -- …` from Atelier's
// folder, or `node packages/studio/scripts/cli.mjs …`. Paths are read from where you run it.
import { runEntry } from "./run-ts.mjs";

process.exitCode = await runEntry("src/cli.ts", process.argv.slice(2));

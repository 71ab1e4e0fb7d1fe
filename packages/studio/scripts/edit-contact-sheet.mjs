// The contact sheet of Studio's edits (scripts/edit-contact-sheet.ts), bundled on the fly. From
// Atelier's folder: `node packages/studio/scripts/edit-contact-sheet.mjs` writes
// docs/images/studio-edits.jpg (`--out`, `--only 1,5`, `--cell 300`; paths are read from where you run it).
import { runEntry } from "./run-ts.mjs";

await runEntry("scripts/edit-contact-sheet.ts", process.argv.slice(2));

// Preloaded with `node --import` by tests that need to know which library builds a server
// process loaded: at exit, writes every CommonJS module in the require cache to
// $LOADED_MODULES_FILE, one path a line — only modules that ran (Node also caches, unrun, both
// branches of a conditional re-export such as react/index.js when ESM imports it).
import fs from "node:fs";
import { createRequire } from "node:module";

const cache = createRequire(import.meta.url).cache;
process.on("exit", () => {
  if (!process.env.LOADED_MODULES_FILE) return;
  const ran = Object.entries(cache).filter(([, module]) => module?.loaded);
  fs.writeFileSync(process.env.LOADED_MODULES_FILE, ran.map(([file]) => file).join("\n"));
});

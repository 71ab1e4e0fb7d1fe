/**
 * Which builds of the libraries this process runs. React and React DOM choose a development or a
 * production build from NODE_ENV when first required (server.mjs sets it before they load); a
 * development build on a serving process is several times slower, so start-up names the mode and
 * warns about any development build it finds among the loaded CommonJS modules.
 * (React Router ships only its `dist/development` build for Node; on the server it differs from
 * `dist/production` by one dev-warnings switch, so it is not counted here.)
 */
import { createRequire } from "node:module";

export interface RuntimeMode {
  mode: string;
  developmentBuilds: string[];
}

export function describeRuntimeMode(): RuntimeMode {
  // Only modules that ran: Node also caches, unrun, both branches of a conditional re-export
  // (`module.exports = require(dev ? …)`) when ESM code imports it and it pre-parses the exports.
  const loaded = Object.entries(createRequire(import.meta.url).cache)
    .filter(([, module]) => module?.loaded)
    .map(([file]) => file);
  return {
    mode: process.env.NODE_ENV ?? "unset",
    developmentBuilds: loaded
      .filter((file) => /\.development\.[cm]?js$/.test(file))
      .map((file) => file.replace(/^.*node_modules\//, "")),
  };
}

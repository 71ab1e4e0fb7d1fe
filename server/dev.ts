/** Development entry, loaded through Vite's SSR module loader by server.mjs. */
import * as build from "virtual:react-router/server-build";
import type express from "express";
import { setBuildInfo } from "./ops/build-info";
import { prepareDatabase } from "./main";
import { createApp } from "./http/app";

let app: express.Express | undefined;

export async function prepareDevServer() {
  setBuildInfo({ id: build.assets.version, timestamp: Date.now() });
  await prepareDatabase();
}

export function getDevApp() {
  app ??= createApp({ build: build as unknown as import("react-router").ServerBuild, mode: "development" });
  return app;
}

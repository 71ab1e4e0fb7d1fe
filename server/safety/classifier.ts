/**
 * The picture classifier (issue 40, ADR 0059): nsfwjs's MobileNetV2 — its weights ship inside the
 * npm package, nothing is fetched — on TensorFlow.js's WebAssembly backend, in a pool of worker
 * threads (`SAFETY_THREADS`, default 1). Each thread loads the model once and keeps it; the
 * request's thread only hands over bytes and waits for five numbers.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { ScreeningScores } from "../db/schema";
import { findAppRoot } from "../app-root";
import { getConfig } from "../config";

export interface Classification {
  model: string;
  modelVersion: string;
  scores: ScreeningScores;
  /** Milliseconds on the worker thread, decoding included. */
  millis: number;
}

/** The model every screening names; a new model or package version screens pictures again. */
export const CLASSIFIER_MODEL = "MobileNetV2";

let root: string | undefined;
/** Atelier's folder: this file lives in server/safety/, or is bundled into build/server/. */
const appRoot = () => (root ??= findAppRoot(path.dirname(fileURLToPath(import.meta.url))));

let version: string | undefined;
/** "nsfwjs 4.4.0": read from the installed package, so an upgrade is a new model version. */
export function classifierVersion(): string {
  if (!version) {
    // The package's exports hide its package.json: found above its entry file instead.
    let dir = path.dirname(createRequire(path.join(appRoot(), "package.json")).resolve("nsfwjs"));
    while (!fs.existsSync(path.join(dir, "package.json")) || readJson(dir).name !== "nsfwjs") {
      if (path.dirname(dir) === dir) throw new Error("cannot find nsfwjs's package.json");
      dir = path.dirname(dir);
    }
    version = `nsfwjs ${readJson(dir).version}`;
  }
  return version;
}

const readJson = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };

let pool: Piscina | undefined;
let threads: number | undefined;

/** Threads for the next pool (tests and benchmarks); takes effect after closeClassifier. */
export function configureClassifier(options: { threads: number }): void {
  threads = options.threads;
}

function getPool(): Piscina {
  pool ??= new Piscina({
    filename: path.join(appRoot(), "server/safety/classifier-worker.mjs"),
    maxThreads: threads ?? getConfig().safetyThreads,
    minThreads: 0,
    // The model takes ~0.5–1.7 s to load and ~110–140 MB a thread to keep: kept for a quiet quarter of an hour.
    idleTimeout: 15 * 60_000,
    concurrentTasksPerWorker: 1,
  });
  return pool;
}

/** Rates one picture's bytes (any format sharp reads). Throws when the picture cannot be decoded. */
export async function classifyPicture(bytes: Uint8Array): Promise<Classification> {
  return (await getPool().run({ kind: "classify", bytes })) as Classification;
}

/** Starts every thread and loads its model; returns each thread's resident memory after loading (benchmarks). */
export async function warmClassifier(): Promise<{ rss: number }[]> {
  const p = getPool();
  return Promise.all(
    Array.from({ length: p.options.maxThreads }, () => p.run({ kind: "load" }) as Promise<{ rss: number }>),
  );
}

/** Stops the threads and frees the models; a later call starts a new pool. */
export async function closeClassifier(): Promise<void> {
  const p = pool;
  pool = undefined;
  if (p) await p.destroy();
}

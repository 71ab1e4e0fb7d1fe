/**
 * Picks the engine for each mode: ENGINE_ROUTES names one engine id per mode (default: Studio
 * for all three). Engines are created on first use and closed at shutdown. Remote engines
 * (a later issue) register here the same way.
 */
import type { GenerationMode } from "../../../app/lib/generation";
import { getConfig } from "../../config";
import { createBlankEngine } from "./blank";
import type { ImageEngine } from "./engine";
import { createStudioEngine } from "../studio/engine";

type EngineFactory = () => ImageEngine;

const factories = new Map<string, EngineFactory>([
  ["studio", () => createStudioEngine({ threads: getConfig().studioThreads })],
  ["blank", () => createBlankEngine()],
]);

const globalKey = Symbol.for("atelier.engines");
type EngineState = { instances: Map<string, ImageEngine>; routes: Partial<Record<GenerationMode, string>> };
const state: EngineState = ((globalThis as Record<symbol, unknown>)[globalKey] as EngineState | undefined) ?? {
  instances: new Map(),
  routes: {},
};
(globalThis as Record<symbol, unknown>)[globalKey] = state;

export function knownEngineIds(): string[] {
  return [...new Set([...factories.keys(), ...state.instances.keys()])];
}

export function getEngine(id: string): ImageEngine {
  let engine = state.instances.get(id);
  if (!engine) {
    const factory = factories.get(id);
    if (!factory) throw new Error(`Unknown image engine "${id}" (known: ${knownEngineIds().join(", ")})`);
    engine = factory();
    state.instances.set(id, engine);
  }
  return engine;
}

export function engineForMode(mode: GenerationMode): ImageEngine {
  const id = state.routes[mode] ?? getConfig().engineRoutes[mode];
  const engine = getEngine(id);
  if (!engine.capabilities.modes.includes(mode)) throw new Error(`Engine "${id}" does not render ${mode} mode`);
  return engine;
}

/** Adds an engine instance (remote engines, and engines tests bring). */
export function registerEngine(engine: ImageEngine): void {
  state.instances.set(engine.id, engine);
}

/** Overrides ENGINE_ROUTES for some modes in this process; `null` goes back to the configuration. */
export function routeEngines(routes: Partial<Record<GenerationMode, string>> | null): void {
  state.routes = routes ?? {};
}

export async function closeEngines(): Promise<void> {
  const engines = [...state.instances.values()];
  state.instances.clear();
  await Promise.allSettled(engines.map((e) => e.close?.()));
}

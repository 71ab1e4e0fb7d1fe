/**
 * Turns the engine catalog (catalog.ts) into engines to run: the ordered candidates for a mode
 * (enabled ones, circuit-open ones last), and the adapter for an engine id. Adapters are built
 * from their rows on first use and rebuilt when a row changes. Built-in engines ("studio",
 * "blank") need no row; tests register their own engines and may pin a mode to one engine.
 */
import type { GenerationMode } from "../../../app/lib/generation";
import type { Database } from "../../db/client";
import { createBlankEngine } from "./blank";
import { type CatalogEngine, circuitOpen, loadEngineCatalog } from "./catalog";
import type { EditKind, ImageEngine } from "./engine";
import { closeSharedStudioEngine, kindInfo } from "./kinds";

export interface RoutedEngine {
  id: string;
  engine: ImageEngine;
  /** Multiplies the token price of pictures this engine takes. */
  costMultiplier: number;
  /** The breaker has taken this engine out for a while: jobs skip it until `circuitOpenUntil`. */
  circuitOpen: boolean;
  circuitOpenUntil: Date | null;
}

/** The request cannot be taken: the mode has no enabled engine. */
export class NoEngineError extends Error {
  override name = "NoEngineError";
}

const globalKey = Symbol.for("atelier.engines");
type EngineState = {
  /** Adapters built from catalog rows, with the row version they were built from. */
  built: Map<string, { version: number; engine: ImageEngine }>;
  /** Engines a test or a bench registered by hand. */
  registered: Map<string, ImageEngine>;
  /** Pins from routeEngines(): the mode runs on exactly this engine. */
  pins: Partial<Record<GenerationMode, string>>;
  blank: ImageEngine | null;
};
const state: EngineState = ((globalThis as Record<symbol, unknown>)[globalKey] as EngineState | undefined) ?? {
  built: new Map(),
  registered: new Map(),
  pins: {},
  blank: null,
};
(globalThis as Record<symbol, unknown>)[globalKey] = state;

function adapterFor(record: CatalogEngine): ImageEngine {
  const cached = state.built.get(record.id);
  if (cached && cached.version === record.version) return cached.engine;
  const engine = kindInfo(record.kind).create(record);
  state.built.set(record.id, { version: record.version, engine });
  return engine;
}

function builtInById(id: string): ImageEngine | undefined {
  if (id === "blank") {
    state.blank ??= createBlankEngine();
    return state.blank;
  }
  return state.registered.get(id);
}

/** The adapter for an engine id (a generation's engine_id); throws when nothing by that id exists. */
export async function engineById(db: Database, id: string): Promise<ImageEngine> {
  const registered = builtInById(id);
  if (registered) return registered;
  const catalog = await loadEngineCatalog(db);
  const record = catalog.engines.find((e) => e.id === id);
  if (!record) throw new Error(`Unknown image engine "${id}"`);
  return adapterFor(record);
}

/**
 * The engines that may take a picture of this mode: the configured route's enabled engines in
 * priority order, each with its breaker state (the render job skips those whose circuit is open;
 * when it expires, the next job is the trial run).
 */
export async function enginesForMode(db: Database, mode: GenerationMode): Promise<RoutedEngine[]> {
  const pinned = state.pins[mode];
  if (pinned) {
    const engine = builtInById(pinned) ?? (await engineById(db, pinned));
    return [{ id: pinned, engine, costMultiplier: 1, circuitOpen: false, circuitOpenUntil: null }];
  }
  const catalog = await loadEngineCatalog(db);
  const now = Date.now();
  const routed: RoutedEngine[] = [];
  for (const id of catalog.routes[mode]) {
    const record = catalog.engines.find((e) => e.id === id);
    if (!record) {
      const builtIn = builtInById(id);
      if (builtIn) routed.push({ id, engine: builtIn, costMultiplier: 1, circuitOpen: false, circuitOpenUntil: null });
      continue;
    }
    if (!record.enabled || record.credentialsUnreadable) continue;
    const engine = adapterFor(record);
    if (!engine.capabilities.modes.includes(mode)) continue;
    routed.push({
      id,
      engine,
      costMultiplier: record.costMultiplier,
      circuitOpen: circuitOpen(record, now),
      circuitOpenUntil: record.circuitOpenUntil,
    });
  }
  return routed;
}

/**
 * The engine new pictures of this mode are priced and checked against: the route's first enabled
 * engine, whatever its breaker says, so the price on screen does not jump while a backend
 * flaps (a failover never charges more; ADR 0024).
 */
export async function primaryEngineForMode(db: Database, mode: GenerationMode): Promise<RoutedEngine> {
  const [first] = await enginesForMode(db, mode);
  if (!first) throw new NoEngineError(`No enabled engine renders ${mode} mode`);
  return first;
}

/**
 * The engines that may make this kind of edit (issue 31, ADR 0056): image to art's route, only
 * the engines that declare the edit. Both the price (the first) and the failover use this list.
 */
export async function enginesForEdit(db: Database, kind: EditKind): Promise<RoutedEngine[]> {
  return editingEngines(await enginesForMode(db, "image"), kind);
}

/** The routed engines that declare this kind of edit, in the route's order. */
export function editingEngines(routed: RoutedEngine[], kind: EditKind): RoutedEngine[] {
  return routed.filter((r) => r.engine.capabilities.edits.includes(kind));
}

/** The engine an edit of this kind is priced and checked against, as `primaryEngineForMode` is for a mode. */
export async function primaryEngineForEdit(db: Database, kind: EditKind): Promise<RoutedEngine> {
  const [first] = await enginesForEdit(db, kind);
  if (!first) throw new NoEngineError(`No enabled engine makes ${kind} edits`);
  return first;
}

/** Adds an engine instance by hand (tests and benchmarks). */
export function registerEngine(engine: ImageEngine): void {
  state.registered.set(engine.id, engine);
}

/** Pins modes to engines in this process, over the catalog; `null` removes every pin. */
export function routeEngines(routes: Partial<Record<GenerationMode, string>> | null): void {
  state.pins = routes ?? {};
}

export async function closeEngines(): Promise<void> {
  const engines = [...state.built.values()].map((b) => b.engine);
  if (state.blank) engines.push(state.blank);
  state.built.clear();
  state.blank = null;
  await Promise.allSettled([...engines.map((e) => e.close?.()), closeSharedStudioEngine()]);
}

/**
 * The configured engines and routes as every process sees them: rows of image_engines and
 * engine_routes, read through a short per-process cache (admin changes reach other processes
 * within CATALOG_TTL_MS), plus the circuit breaker and health checks that share those rows.
 *
 * Without rows the catalog falls back to what it always was: the built-in Studio engine, and
 * ENGINE_ROUTES for modes that have no route.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { GENERATION_MODES, type GenerationMode } from "../../../app/lib/generation";
import { getConfig } from "../../config";
import type { Database } from "../../db/client";
import { engineRoutes, imageEngines } from "../../db/schema";
import { logger } from "../../logger";
import { STUDIO_LABEL } from "../studio/engine";
import { EngineError } from "./engine";
import { type EngineRecord, kindInfo } from "./kinds";
import { decryptCredentials, UnreadableCredentialsError } from "./secrets";

export const CATALOG_TTL_MS = 3_000;
/** Consecutive failures that open the circuit… */
export const BREAKER_THRESHOLD = 3;
/** …for this long at first, doubling while it keeps failing, up to BREAKER_MAX_OPEN_SECONDS. */
export const BREAKER_OPEN_SECONDS = 30;
export const BREAKER_MAX_OPEN_SECONDS = 600;
/** A health check that takes longer than this counts as a failure. */
const HEALTH_TIMEOUT_MS = 10_000;

export interface CatalogEngine extends EngineRecord {
  /** Studio without a row of its own: shown, routable, not deletable. */
  builtIn: boolean;
  /** Changes whenever the row does; the registry rebuilds the adapter when it moves. */
  version: number;
  consecutiveFailures: number;
  circuitOpenUntil: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  healthOk: boolean | null;
  healthMessage: string | null;
  healthCheckedAt: Date | null;
  /** The stored credentials no longer decrypt (the key changed): the admin must enter them again. */
  credentialsUnreadable: boolean;
}

export interface EngineCatalog {
  engines: CatalogEngine[];
  /** Engine ids per mode in priority order, as configured (disabled ones included). */
  routes: Record<GenerationMode, string[]>;
  /** False for modes whose route comes from ENGINE_ROUTES because no route row exists. */
  routed: Record<GenerationMode, boolean>;
}

const globalKey = Symbol.for("atelier.engine-catalog");
type CacheState = { at: number; loading: Promise<EngineCatalog> | null; value: EngineCatalog | null };
const cache: CacheState = ((globalThis as Record<symbol, unknown>)[globalKey] as CacheState | undefined) ?? {
  at: 0,
  loading: null,
  value: null,
};
(globalThis as Record<symbol, unknown>)[globalKey] = cache;

/** Drops this process's copy: the next read goes to the database. Called after every change. */
export function invalidateEngineCatalog(): void {
  cache.at = 0;
  cache.value = null;
  cache.loading = null;
}

/** The id of the built-in Studio engine, stored with every picture it paints. */
export const STUDIO_ENGINE_ID = "studio";

export function builtInStudio(): CatalogEngine {
  return {
    id: STUDIO_ENGINE_ID,
    kind: "studio",
    name: STUDIO_LABEL,
    baseUrl: "",
    credentials: {},
    settings: {},
    enabled: true,
    costMultiplier: 1,
    timeoutSeconds: 180,
    builtIn: true,
    version: 0,
    consecutiveFailures: 0,
    circuitOpenUntil: null,
    lastError: null,
    lastErrorAt: null,
    healthOk: null,
    healthMessage: null,
    healthCheckedAt: null,
    credentialsUnreadable: false,
  };
}

export async function readEngineCatalog(db: Database): Promise<EngineCatalog> {
  const [rows, routeRows] = await Promise.all([
    db.select().from(imageEngines).orderBy(asc(imageEngines.createdAt)),
    db.select().from(engineRoutes).orderBy(asc(engineRoutes.priority), asc(engineRoutes.engineId)),
  ]);
  const engines: CatalogEngine[] = rows.map((row) => {
    let credentials = {};
    let credentialsUnreadable = false;
    try {
      credentials = decryptCredentials(row.id, row.credentials);
    } catch (error) {
      if (!(error instanceof UnreadableCredentialsError)) throw error;
      credentialsUnreadable = true;
    }
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      baseUrl: row.baseUrl,
      credentials,
      settings: row.settings,
      enabled: row.enabled,
      costMultiplier: row.costMultiplier,
      timeoutSeconds: row.timeoutSeconds,
      builtIn: false,
      version: row.updatedAt.getTime(),
      consecutiveFailures: row.consecutiveFailures,
      circuitOpenUntil: row.circuitOpenUntil,
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt,
      healthOk: row.healthOk,
      healthMessage: row.healthMessage,
      healthCheckedAt: row.healthCheckedAt,
      credentialsUnreadable,
    };
  });
  if (!engines.some((e) => e.id === "studio")) engines.unshift(builtInStudio());
  const fallback = getConfig().engineRoutes;
  const routes = {} as Record<GenerationMode, string[]>;
  const routed = {} as Record<GenerationMode, boolean>;
  for (const mode of GENERATION_MODES) {
    const ids = routeRows.filter((r) => r.mode === mode).map((r) => r.engineId);
    routed[mode] = ids.length > 0;
    routes[mode] = ids.length > 0 ? ids : [fallback[mode]];
  }
  return { engines, routes, routed };
}

/** The catalog through the per-process cache; concurrent readers share one query. */
export function loadEngineCatalog(db: Database): Promise<EngineCatalog> {
  if (cache.value && Date.now() - cache.at < CATALOG_TTL_MS) return Promise.resolve(cache.value);
  if (cache.loading) return cache.loading;
  const loading = readEngineCatalog(db).then(
    (value) => {
      if (cache.loading === loading) {
        cache.value = value;
        cache.at = Date.now();
        cache.loading = null;
      }
      return value;
    },
    (error: unknown) => {
      if (cache.loading === loading) cache.loading = null;
      throw error;
    },
  );
  cache.loading = loading;
  return loading;
}

export function circuitOpen(engine: Pick<CatalogEngine, "circuitOpenUntil">, now = Date.now()): boolean {
  return engine.circuitOpenUntil !== null && engine.circuitOpenUntil.getTime() > now;
}

/**
 * Counts a failure that says the backend is down (unreachable, overloaded, timing out). After
 * BREAKER_THRESHOLD in a row the engine is skipped for a while, so jobs go to the next engine
 * instead of each waiting for a timeout; the wait doubles while it keeps failing.
 */
export async function recordEngineFailure(db: Database, id: string, detail: string): Promise<void> {
  const failures = sql`${imageEngines.consecutiveFailures} + 1`;
  const openSeconds = sql`least(${BREAKER_MAX_OPEN_SECONDS}, ${BREAKER_OPEN_SECONDS} * power(2, greatest(0, ${imageEngines.consecutiveFailures} + 1 - ${BREAKER_THRESHOLD})))`;
  await db
    .update(imageEngines)
    .set({
      consecutiveFailures: failures,
      lastError: detail.slice(0, 1000),
      lastErrorAt: new Date(),
      circuitOpenUntil: sql`case when ${failures} >= ${BREAKER_THRESHOLD} then now() + make_interval(secs => ${openSeconds}) else ${imageEngines.circuitOpenUntil} end`,
    })
    .where(eq(imageEngines.id, id));
  invalidateEngineCatalog();
}

/** Keeps a backend's error for the admin page without counting it against the engine (it answered: it is not down). */
export async function recordEngineError(db: Database, id: string, detail: string): Promise<void> {
  await db
    .update(imageEngines)
    .set({ lastError: detail.slice(0, 1000), lastErrorAt: new Date() })
    .where(eq(imageEngines.id, id));
  invalidateEngineCatalog();
}

/** Closes the circuit after a success; writes only when something was counted. */
export async function recordEngineSuccess(db: Database, id: string): Promise<void> {
  const closed = await db
    .update(imageEngines)
    .set({ consecutiveFailures: 0, circuitOpenUntil: null })
    .where(and(eq(imageEngines.id, id), gt(imageEngines.consecutiveFailures, 0)))
    .returning({ id: imageEngines.id });
  if (closed.length > 0) invalidateEngineCatalog();
}

export interface HealthResult {
  ok: boolean;
  message: string;
}

/**
 * Runs the engine kind's cheap check and stores the answer for the admin page. A passing check
 * half-opens the circuit (the next job is a trial run); a failing one does not count towards it —
 * only real generations do, so a flaky status endpoint cannot take a working engine out.
 */
export async function checkEngineHealth(db: Database, engine: CatalogEngine): Promise<HealthResult> {
  let result: HealthResult;
  if (engine.credentialsUnreadable) {
    result = {
      ok: false,
      message: "The saved credentials cannot be read any more (the secret key changed). Enter them again.",
    };
  } else {
    try {
      const message = await Promise.race([
        kindInfo(engine.kind).checkHealth(engine),
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS / 1000} s`)),
            HEALTH_TIMEOUT_MS,
          ).unref(),
        ),
      ]);
      result = { ok: true, message };
    } catch (error) {
      // Admins see the backend's own words (the detail), not the user-facing sentence.
      result = {
        ok: false,
        message: (error instanceof EngineError ? error.message : String((error as Error)?.message ?? error)).slice(
          0,
          500,
        ),
      };
    }
  }
  if (!engine.builtIn) {
    await db
      .update(imageEngines)
      .set({
        healthOk: result.ok,
        healthMessage: result.message,
        healthCheckedAt: new Date(),
        // Half-open: the next job may try it. Only a real success resets the count, so a
        // backend whose status endpoint answers while its GPU is stuck reopens after one failure.
        ...(result.ok ? { circuitOpenUntil: null } : {}),
      })
      .where(eq(imageEngines.id, engine.id));
    invalidateEngineCatalog();
  }
  return result;
}

/** Checks every enabled configured engine; used by the periodic job and the admin's "check all". */
export async function checkAllEngineHealth(db: Database): Promise<void> {
  const { engines } = await readEngineCatalog(db);
  await Promise.all(
    engines.filter((e) => e.enabled && !e.builtIn && e.kind !== "studio").map((e) => checkEngineHealth(db, e)),
  );
}

/** Health checks every minute in processes that run jobs. Returns a stop function. */
export function startEngineHealthChecks(db: Database, everyMs = 60_000): () => void {
  const run = () =>
    void checkAllEngineHealth(db).catch((err: unknown) => logger.warn({ err }, "engine health checks failed"));
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

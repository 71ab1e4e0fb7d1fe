/**
 * Image-engine configuration for admins: add, edit, switch on and off, delete, route modes to
 * engines in priority order, and check health. Every change is audited in its transaction
 * (credentials appear in the audit only as "set"), and the engine catalog cache of this
 * process is dropped so the next request sees it; other processes see it within seconds.
 */
import { and, count, desc, eq, gt, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { GENERATION_MODES, type GenerationMode } from "../../app/lib/generation";
import type { EditKind } from "../../app/lib/picture-edits";
import { type Database, inTransaction } from "../db/client";
import { ENGINE_KINDS, engineRoutes, generations, imageEngines, type EngineKind } from "../db/schema";
import {
  type CatalogEngine,
  checkEngineHealth,
  invalidateEngineCatalog,
  readEngineCatalog,
  type HealthResult,
} from "../generation/engines/catalog";
import type { EngineSettingField } from "../generation/engines/engine";
import { ENGINE_KIND_INFO, type EngineRecord, kindInfo } from "../generation/engines/kinds";
import { encryptCredentials, type EngineCredentials } from "../generation/engines/secrets";
import { type Actor, recordAudit } from "../audit/audit";
import { AppError, type ErrorCode } from "../app-error";

/** Ids the registry keeps for itself. */
const RESERVED_IDS = new Set(["blank", "none"]);

export class EngineConfigError extends AppError {
  constructor(message: string, fields: Record<string, string> = {}, code: ErrorCode = "invalid_input") {
    super(code, message, { fields: Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, [text]])) });
    this.name = "EngineConfigError";
  }
}

/** Kinds an admin can add (Studio is built in: edited, never added twice). */
export function configurableKinds(): EngineKind[] {
  return ENGINE_KINDS.filter((k) => k !== "studio" && ENGINE_KIND_INFO[k] !== undefined);
}

/** What the admin pages show of an engine: never a password or key, only whether one is saved. */
export interface EngineAdminView {
  id: string;
  kind: EngineKind;
  kindTitle: string;
  name: string;
  baseUrl: string;
  username: string;
  savedSecrets: string[];
  credentialsUnreadable: boolean;
  settings: Record<string, string>;
  enabled: boolean;
  builtIn: boolean;
  costMultiplier: number;
  timeoutSeconds: number;
  consecutiveFailures: number;
  circuitOpenUntil: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  healthOk: boolean | null;
  healthMessage: string | null;
  healthCheckedAt: string | null;
  /** The edits of a part of a picture its adapter makes (issue 31); edits go only to engines that make them. */
  edits: EditKind[];
}

/** What an engine's adapter declares it edits; none when the adapter cannot be built from its row. */
function editsOf(engine: CatalogEngine): EditKind[] {
  try {
    return [...kindInfo(engine.kind).create(engine).capabilities.edits];
  } catch {
    return [];
  }
}

function toAdminView(engine: CatalogEngine): EngineAdminView {
  const info = kindInfo(engine.kind);
  return {
    id: engine.id,
    kind: engine.kind,
    kindTitle: info.title,
    name: engine.name,
    baseUrl: engine.baseUrl,
    username: engine.credentials.username ?? "",
    savedSecrets: info.credentialFields.filter((f) => f.secret && engine.credentials[f.name]).map((f) => f.name),
    credentialsUnreadable: engine.credentialsUnreadable,
    settings: engine.settings,
    enabled: engine.enabled,
    builtIn: engine.builtIn,
    costMultiplier: engine.costMultiplier,
    timeoutSeconds: engine.timeoutSeconds,
    consecutiveFailures: engine.consecutiveFailures,
    circuitOpenUntil: engine.circuitOpenUntil?.toISOString() ?? null,
    lastError: engine.lastError,
    lastErrorAt: engine.lastErrorAt?.toISOString() ?? null,
    healthOk: engine.healthOk,
    healthMessage: engine.healthMessage,
    healthCheckedAt: engine.healthCheckedAt?.toISOString() ?? null,
    edits: editsOf(engine),
  };
}

export interface EngineOverview {
  engines: EngineAdminView[];
  routes: Record<GenerationMode, string[]>;
  /** False where the mode follows ENGINE_ROUTES because no route was saved. */
  routed: Record<GenerationMode, boolean>;
}

export async function listEnginesForAdmin(db: Database): Promise<EngineOverview> {
  const catalog = await readEngineCatalog(db);
  return { engines: catalog.engines.map(toAdminView), routes: catalog.routes, routed: catalog.routed };
}

export async function getEngineForAdmin(db: Database, id: string): Promise<EngineAdminView | undefined> {
  const catalog = await readEngineCatalog(db);
  const engine = catalog.engines.find((e) => e.id === id);
  return engine ? toAdminView(engine) : undefined;
}

export interface EngineFailureView {
  generationId: string;
  engineId: string;
  engineLabel: string;
  mode: string;
  /** What the person was told. */
  error: string | null;
  /** What the backend said. */
  detail: string | null;
  finishedAt: string | null;
}

/** Pictures each engine finished in the last 7 days, made and failed (the engines page's cards). */
export async function engineActivity(
  db: Database,
  now = new Date(),
): Promise<Record<string, { succeeded: number; failed: number }>> {
  const since = new Date(now.getTime() - 7 * 24 * 3_600_000);
  const rows = await db
    .select({ engineId: generations.engineId, status: generations.status, n: count() })
    .from(generations)
    .where(gt(generations.createdAt, since))
    .groupBy(generations.engineId, generations.status);
  const activity: Record<string, { succeeded: number; failed: number }> = {};
  for (const row of rows) {
    const entry = activity[row.engineId] ?? { succeeded: 0, failed: 0 };
    activity[row.engineId] = entry;
    if (row.status === "succeeded") entry.succeeded += row.n;
    if (row.status === "failed") entry.failed += row.n;
  }
  return activity;
}

/** The last failed pictures with the backend's own words, newest first: what admins need to fix an engine. */
export async function listRecentEngineFailures(db: Database, limit = 10): Promise<EngineFailureView[]> {
  const rows = await db
    .select({
      id: generations.id,
      engineId: generations.engineId,
      engineLabel: generations.engineLabel,
      mode: generations.mode,
      error: generations.error,
      detail: generations.errorDetail,
      finishedAt: generations.finishedAt,
    })
    .from(generations)
    .where(and(eq(generations.status, "failed"), isNotNull(generations.finishedAt)))
    .orderBy(desc(generations.finishedAt))
    .limit(limit);
  return rows.map((r) => ({
    generationId: r.id,
    engineId: r.engineId,
    engineLabel: r.engineLabel,
    mode: r.mode,
    error: r.error,
    detail: r.detail,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}

/** The raw form of an engine, as posted. Blank secrets keep what is saved. */
export interface EngineFormInput {
  kind: string;
  id?: string;
  name: string;
  baseUrl: string;
  username?: string;
  password?: string;
  apiKey?: string;
  clearCredentials?: boolean;
  settings: Record<string, string>;
  enabled: boolean;
  costMultiplier: string;
  timeoutSeconds: string;
}

const nameSchema = z.string().trim().min(1, "Give the engine a name people will see").max(60, "At most 60 characters");
const idSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, "2 to 40 lowercase letters, digits and dashes, starting with a letter or digit");
const multiplierSchema = z.coerce
  .number({ error: "A number such as 1 or 1.5" })
  .min(0.1, "At least 0.1")
  .max(10, "At most 10");
const timeoutSchema = z.coerce
  .number({ error: "A whole number of seconds" })
  .int("A whole number of seconds")
  .min(10, "At least 10 seconds")
  .max(900, "At most 900 seconds (15 minutes)");

function slugFrom(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32);
  return slug.length >= 2 ? slug : "engine";
}

function checkSetting(field: EngineSettingField, raw: string | undefined): { value: string; error?: string } {
  const value = (raw ?? "").trim();
  if (value === "") return { value: "" };
  if (value.length > 200) return { value, error: "At most 200 characters" };
  if (field.type === "number") {
    const n = Number(value);
    if (!Number.isFinite(n)) return { value, error: "A number" };
    if (field.min !== undefined && n < field.min) return { value, error: `At least ${field.min}` };
    if (field.max !== undefined && n > field.max) return { value, error: `At most ${field.max}` };
  }
  if (field.type === "select" && field.options && !field.options.includes(value))
    return { value, error: `One of ${field.options.join(", ")}` };
  return { value };
}

/** A checked form: an engine record without its id. */
type CheckedEngine = Omit<EngineRecord, "id">;

/** The image_engines columns a checked form sets (credentials sealed to this engine id). */
function rowValues(id: string, checked: CheckedEngine) {
  return {
    kind: checked.kind,
    name: checked.name,
    baseUrl: checked.baseUrl,
    credentials: encryptCredentials(id, checked.credentials),
    settings: checked.settings,
    enabled: checked.enabled,
    costMultiplier: checked.costMultiplier,
    timeoutSeconds: checked.timeoutSeconds,
  };
}

/** Validates a posted form against the kind's fields; throws EngineConfigError naming each bad field. */
function checkEngineForm(
  input: EngineFormInput,
  existing: EngineCredentials | null,
  previousUrl?: string,
): CheckedEngine {
  const fields: Record<string, string> = {};
  if (!(ENGINE_KINDS as readonly string[]).includes(input.kind) || !ENGINE_KIND_INFO[input.kind as EngineKind]) {
    throw new EngineConfigError("Choose a kind of engine.", { kind: "Choose one of the kinds listed" });
  }
  const kind = input.kind as EngineKind;
  const info = kindInfo(kind);
  const name = nameSchema.safeParse(input.name);
  if (!name.success) fields.name = name.error.issues[0]!.message;

  let baseUrl = input.baseUrl.trim().replace(/\/+$/, "");
  if (baseUrl === "" && info.defaultUrl && !info.urlRequired) baseUrl = info.defaultUrl;
  if (info.urlRequired || baseUrl !== "") {
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      fields.baseUrl = `An address starting with http:// or https://, such as ${info.defaultUrl || "http://127.0.0.1:8188"}`;
    } else if (new URL(baseUrl).username || new URL(baseUrl).password) {
      fields.baseUrl = "Put the user name and password in their own fields, not in the address";
    }
  }

  // A saved secret only goes to the address it was saved for: pointing the engine elsewhere
  // needs it typed again, so nobody can send a key they cannot see to a host of their choosing.
  const origin = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).origin : (url ?? ""));
  const moved =
    previousUrl !== undefined && !fields.baseUrl && origin(previousUrl) !== origin(baseUrl || info.defaultUrl);
  const credentials: EngineCredentials = input.clearCredentials ? {} : { ...(existing ?? {}) };
  if (moved && !input.clearCredentials) {
    for (const field of info.credentialFields) {
      if (field.secret && credentials[field.name] && !(input[field.name] ?? "").trim()) {
        fields[field.name] =
          "Enter it again: the address changed, and a saved secret only goes to the address it was saved for";
      }
    }
  }
  for (const field of info.credentialFields) {
    const value = (input[field.name] ?? "").trim();
    if (value.length > 500) fields[field.name] = "At most 500 characters";
    else if (value !== "" || !field.secret) credentials[field.name] = value; // a blank secret keeps the saved one
  }
  for (const key of Object.keys(credentials) as (keyof EngineCredentials)[]) {
    if (!info.credentialFields.some((f) => f.name === key) || credentials[key] === "") delete credentials[key];
  }
  if (credentials.password && !credentials.username && info.credentialFields.some((f) => f.name === "username")) {
    fields.username = "A password needs a user name";
  }

  const settings: Record<string, string> = {};
  for (const field of info.settingFields) {
    const checked = checkSetting(field, input.settings[field.name]);
    if (checked.error) fields[`setting-${field.name}`] = checked.error;
    else if (checked.value !== "") settings[field.name] = checked.value;
  }

  const multiplier = multiplierSchema.safeParse(input.costMultiplier);
  if (!multiplier.success) fields.costMultiplier = multiplier.error.issues[0]!.message;
  const timeout = timeoutSchema.safeParse(input.timeoutSeconds);
  if (!timeout.success) fields.timeoutSeconds = timeout.error.issues[0]!.message;

  if (Object.keys(fields).length > 0) throw new EngineConfigError("Some values need fixing.", fields);
  return {
    kind,
    name: name.data!,
    baseUrl,
    credentials,
    settings,
    enabled: input.enabled,
    costMultiplier: Math.round(multiplier.data! * 100) / 100,
    timeoutSeconds: timeout.data!,
  };
}

/** The audit's picture of an engine: which secrets are set, never their values. */
function auditable(engine: CheckedEngine | CatalogEngine) {
  return {
    kind: engine.kind,
    name: engine.name,
    baseUrl: engine.baseUrl,
    username: engine.credentials.username ?? null,
    secrets: Object.keys(engine.credentials).filter((k) => k !== "username"),
    settings: engine.settings,
    enabled: engine.enabled,
    costMultiplier: engine.costMultiplier,
    timeoutSeconds: engine.timeoutSeconds,
  };
}

async function inTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  invalidateEngineCatalog();
  return result;
}

export async function createEngine(db: Database, actor: Actor, input: EngineFormInput): Promise<EngineAdminView> {
  const checked = checkEngineForm(input, null);
  if (checked.kind === "studio")
    throw new EngineConfigError("Studio is built in; edit it instead.", { kind: "Studio is already there" });
  const wanted = input.id?.trim()
    ? idSchema.safeParse(input.id)
    : { success: true as const, data: slugFrom(checked.name) };
  if (!wanted.success) throw new EngineConfigError("Some values need fixing.", { id: wanted.error.issues[0]!.message });
  const catalog = await readEngineCatalog(db);
  const taken = new Set([...catalog.engines.map((e) => e.id), "studio", ...RESERVED_IDS]);
  let id = wanted.data;
  if (taken.has(id)) {
    if (input.id?.trim()) throw new EngineConfigError("Some values need fixing.", { id: "Another engine has this id" });
    let n = 2;
    while (taken.has(`${id.slice(0, 36)}-${n}`)) n++;
    id = `${id.slice(0, 36)}-${n}`;
  }
  await inTx(db, async (tx) => {
    await tx.insert(imageEngines).values({ id, ...rowValues(id, checked) });
    await recordAudit(tx, actor, {
      action: "engine.create",
      entityType: "engine",
      entityId: id,
      after: auditable(checked),
    });
  });
  return (await getEngineForAdmin(db, id))!;
}

async function catalogEngine(db: Database, id: string): Promise<CatalogEngine> {
  const catalog = await readEngineCatalog(db);
  const engine = catalog.engines.find((e) => e.id === id);
  if (!engine) throw new EngineConfigError("That engine does not exist any more.", {}, "not_found");
  return engine;
}

export async function updateEngine(
  db: Database,
  actor: Actor,
  id: string,
  input: EngineFormInput,
): Promise<EngineAdminView> {
  const before = await catalogEngine(db, id);
  if (input.kind !== before.kind)
    throw new EngineConfigError("The kind of an engine cannot change; add a new engine instead.", {
      kind: "Cannot change",
    });
  const checked = checkEngineForm(
    input,
    before.credentialsUnreadable ? {} : before.credentials,
    before.baseUrl || kindInfo(before.kind).defaultUrl,
  );
  const values = { ...rowValues(id, checked), updatedAt: new Date() };
  await inTx(db, async (tx) => {
    if (before.builtIn) await tx.insert(imageEngines).values({ id, ...values });
    else await tx.update(imageEngines).set(values).where(eq(imageEngines.id, id));
    await recordAudit(tx, actor, {
      action: "engine.update",
      entityType: "engine",
      entityId: id,
      before: auditable(before),
      after: auditable(checked),
    });
  });
  return (await getEngineForAdmin(db, id))!;
}

export async function setEngineEnabled(
  db: Database,
  actor: Actor,
  id: string,
  enabled: boolean,
): Promise<EngineAdminView> {
  const before = await catalogEngine(db, id);
  await inTx(db, async (tx) => {
    if (before.builtIn) {
      await tx.insert(imageEngines).values({ id, kind: before.kind, name: before.name, enabled });
    } else {
      await tx.update(imageEngines).set({ enabled, updatedAt: new Date() }).where(eq(imageEngines.id, id));
    }
    await recordAudit(tx, actor, {
      action: enabled ? "engine.enable" : "engine.disable",
      entityType: "engine",
      entityId: id,
      before: { enabled: before.enabled },
      after: { enabled },
    });
  });
  return (await getEngineForAdmin(db, id))!;
}

/** Deletes an engine and its routes. Its past pictures keep the engine's name. Studio returns to its built-in defaults. */
export async function deleteEngine(db: Database, actor: Actor, id: string): Promise<void> {
  const before = await catalogEngine(db, id);
  if (before.builtIn)
    throw new EngineConfigError("Studio is built in and cannot be deleted; switch it off instead.", {}, "built_in");
  await inTx(db, async (tx) => {
    await tx.delete(imageEngines).where(eq(imageEngines.id, id));
    await recordAudit(tx, actor, {
      action: "engine.delete",
      entityType: "engine",
      entityId: id,
      before: auditable(before),
    });
  });
}

/**
 * Replaces a mode's route: the engines in order of priority. An empty list removes the route
 * (the mode then follows ENGINE_ROUTES). Engines that cannot render the mode are refused.
 */
export async function setModeRoute(
  db: Database,
  actor: Actor,
  mode: GenerationMode,
  engineIds: string[],
): Promise<void> {
  if (!GENERATION_MODES.includes(mode)) throw new EngineConfigError("Unknown mode.");
  const ids = [...new Set(engineIds)];
  const catalog = await readEngineCatalog(db);
  for (const id of ids) {
    const engine = catalog.engines.find((e) => e.id === id);
    if (!engine)
      throw new EngineConfigError(`There is no engine "${id}".`, { [`route-${mode}`]: `Unknown engine ${id}` });
    let modes: readonly string[];
    try {
      modes = kindInfo(engine.kind).create(engine).capabilities.modes;
    } catch {
      modes = GENERATION_MODES;
    }
    if (!modes.includes(mode))
      throw new EngineConfigError(`${engine.name} cannot render this mode.`, {
        [`route-${mode}`]: `${engine.name} cannot render this mode`,
      });
  }
  await inTx(db, async (tx) => {
    // Built-in Studio gets its row when it is first routed, so the route's foreign key holds.
    if (ids.includes("studio") && catalog.engines.find((e) => e.id === "studio")?.builtIn) {
      const studio = catalog.engines.find((e) => e.id === "studio")!;
      await tx.insert(imageEngines).values({ id: "studio", kind: "studio", name: studio.name }).onConflictDoNothing();
    }
    await tx.delete(engineRoutes).where(eq(engineRoutes.mode, mode));
    if (ids.length > 0)
      await tx.insert(engineRoutes).values(ids.map((engineId, priority) => ({ mode, engineId, priority })));
    await recordAudit(tx, actor, {
      action: "engine.route",
      entityType: "engine_route",
      entityId: mode,
      before: catalog.routed[mode] ? catalog.routes[mode] : null,
      after: ids,
    });
  });
}

/** Runs the health check now (the admin's "Check now") and returns what it found. */
export async function checkEngineNow(db: Database, id: string): Promise<HealthResult> {
  return checkEngineHealth(db, await catalogEngine(db, id));
}

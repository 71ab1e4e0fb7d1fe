/**
 * Image engines the admins configure (server/generation/engines/catalog.ts) and the per-mode
 * routes between them. Credentials are stored AES-256-GCM encrypted (secrets.ts) and never
 * leave the server; the breaker and health columns are shared by every process.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt } from "./columns";

export const ENGINE_KINDS = ["studio", "a1111", "comfyui", "openai", "stability"] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export const imageEngines = pgTable("image_engines", {
  /** Stable id stored with every generation ("studio", "a1111-gpu-box"). */
  id: text("id").primaryKey(),
  kind: text("kind").$type<EngineKind>().notNull(),
  /** Shown to users next to each image. */
  name: text("name").notNull(),
  baseUrl: text("base_url").notNull().default(""),
  /** `iv.tag.ciphertext` of a JSON object {username?, password?, apiKey?}; null when none. */
  credentials: text("credentials"),
  /** Kind-specific settings (model, steps…) as strings, checked against the kind's fields. */
  settings: jsonb("settings").$type<Record<string, string>>().notNull().default({}),
  enabled: boolean("enabled").notNull().default(true),
  /** Token prices of the mode are multiplied by this for generations this engine takes. */
  costMultiplier: real("cost_multiplier").notNull().default(1),
  timeoutSeconds: integer("timeout_seconds").notNull().default(180),
  /** Circuit breaker: consecutive failures, and until when the engine is skipped. */
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  circuitOpenUntil: instant("circuit_open_until"),
  lastError: text("last_error"),
  lastErrorAt: instant("last_error_at"),
  healthOk: boolean("health_ok"),
  healthMessage: text("health_message"),
  healthCheckedAt: instant("health_checked_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const engineRoutes = pgTable(
  "engine_routes",
  {
    mode: text("mode").notNull(),
    engineId: text("engine_id")
      .notNull()
      .references(() => imageEngines.id, { onDelete: "cascade" }),
    /** Lower runs first; the next one takes over when an engine is down. */
    priority: integer("priority").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.engineId] }), index("engine_routes_mode_idx").on(t.mode, t.priority)],
);

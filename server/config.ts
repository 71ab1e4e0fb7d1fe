/**
 * Every setting Atelier reads, validated once with embedded defaults.
 * A bad value stops start-up with a message naming the variable and what it expects.
 * Nothing else reads process.env (ADR 0009; the settings are listed in README.md).
 */
import os from "node:os";
import path from "node:path";
import { z } from "zod";

const port = (fallback: number) =>
  z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole number")
    .min(1, "expected a port between 1 and 65535")
    .max(65535, "expected a port between 1 and 65535")
    .default(fallback);

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "expected a number" })
    .int("expected a whole number")
    .positive("expected a number above 0")
    .default(fallback);

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .default(fallback);

const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { error: "expected development, production or test" })
      .default("production"),
    HOST: z.string().min(1, "expected a host name or address to listen on").default("127.0.0.1"),
    PORT: port(3000),
    PUBLIC_URL: z.url({ error: "expected an absolute URL such as https://atelier.example" }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a PostgreSQL URL such as postgres://user:pass@host:5432/atelier")
      .optional(),
    DATA_DIR: z.string().min(1, "expected a directory path").default("./data"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "expected one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    ALLOWED_DOMAINS: list("localhost,127.0.0.1,::1"),
    EXTERNAL_REDIRECT_HOSTS: list(""),
    API_BASE_URL: z
      .string()
      .refine(
        (v) => v === "" || v.startsWith("/") || /^https?:\/\//.test(v),
        "expected empty, a path or an http(s) URL",
      )
      .default(""),
    HTTP_CLIENT_TIMEOUT_MS: positiveInt(15_000),
    MAX_JSON_BODY_BYTES: positiveInt(1_048_576),
    MAX_FORM_BODY_BYTES: positiveInt(1_048_576),
    MAX_UPLOAD_BODY_BYTES: positiveInt(11 * 1_048_576),
    MAX_AUTH_BODY_BYTES: positiveInt(65_536),
    ERROR_REPORTS_PER_MINUTE: positiveInt(30),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
    /**
     * On SIGTERM, how long to keep answering with /readyz at 503 before closing the listener: longer
     * than a load balancer's readiness interval (docs/DEPLOY.md). 0 stops taking connections at once.
     */
    DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    MAX_CONCURRENT_REQUESTS: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .positive("expected a number above 0")
      .optional(),
    MAX_QUEUED_REQUESTS: positiveInt(2_000),
    RUN_MIGRATIONS: bool(true),
    /** Webhooks may call loopback and private addresses (development and tests); off, only public hosts. */
    WEBHOOK_ALLOW_PRIVATE_HOSTS: bool(false),
    SEED_DEMO_DATA: bool(true),
    /** A few demo creators with pictures, follows, comments, a collection and a challenge (`npm start` and `npm run dev` turn it on). */
    SEED_DEMO_COMMUNITY: bool(false),
    TRUST_PROXY: bool(false),
    /** Who may read /metrics without a token: client addresses (as the proxy reports them when TRUST_PROXY is on). */
    METRICS_ALLOW: list("127.0.0.1,::1,::ffff:127.0.0.1"),
    /** A worker process serves its /metrics on this port (web processes use their own PORT). */
    METRICS_PORT: z.coerce
      .number({ error: "expected a port number" })
      .int("expected a port number")
      .min(1, "expected a port number")
      .max(65535, "expected a port number")
      .optional(),
    /** A bearer token that opens /metrics from anywhere (Prometheus in another network). */
    METRICS_TOKEN: z.string().min(24, "expected a random token of at least 24 characters").optional(),
    SESSION_CACHE_SECONDS: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(0)
      .max(3600)
      .default(60),
    AUTH_SECRET: z.string().min(32, "expected a random secret of at least 32 characters").optional(),
    DEMO_ADMIN_PASSWORD: z.string().min(10, "expected at least 10 characters").optional(),
    DEMO_USER_PASSWORD: z.string().min(10, "expected at least 10 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "expected an SMTP URL such as smtp://user:pass@mail.example:587 or smtps://…")
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, "expected a sender such as Atelier <hello@atelier.example>")
      .default("Atelier <no-reply@atelier.local>"),
    JOB_WORKERS: bool(true),
    ENGINE_ROUTES: z
      .string()
      .regex(
        /^\s*([a-z0-9:_-]+|((text|image|doodle)\s*=\s*[a-z0-9:_-]+)(\s*,\s*(text|image|doodle)\s*=\s*[a-z0-9:_-]+)*)\s*$/,
        "expected one engine id (studio) or mode=engine pairs such as text=studio,image=studio,doodle=studio",
      )
      .default("studio"),
    ENGINE_SECRET_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9+/_=-]{43,}$/,
        "expected 32 random bytes in base64, such as the output of: openssl rand -base64 32",
      )
      .optional(),
    GENERATION_CONCURRENCY: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(1, "expected at least 1")
      .max(256)
      .optional(),
    STUDIO_THREADS: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(1, "expected at least 1")
      .max(64)
      .optional(),
    SAFETY_THREADS: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(1, "expected at least 1")
      .max(16)
      .default(1),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
    FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
    TWITTER_CLIENT_ID: z.string().min(1).optional(),
    TWITTER_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: z
      .url({ error: "expected the OpenID provider's issuer URL, such as https://id.example.com" })
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).max(40).default("your organisation"),
    PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"], { error: "expected sandbox or stripe" }).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, "expected a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "expected a Stripe webhook signing secret (whsec_…)")
      .optional(),
    STRIPE_API_BASE: z.url({ error: "expected an absolute URL" }).optional(),
    SANDBOX_WEBHOOK_SECRET: z.string().min(32, "expected a random secret of at least 32 characters").optional(),
    /** Files in an S3-compatible bucket instead of DATA_DIR/files (ADR 0038): s3://bucket[/prefix]. */
    STORAGE_URL: z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/,
        "expected s3://bucket or s3://bucket/prefix",
      )
      .optional(),
    /** The S3 API's address for stores other than AWS (MinIO, Ceph, R2…); AWS's own when unset. */
    S3_ENDPOINT: z.url({ error: "expected an absolute URL" }).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** bucket in the path (http://host/bucket/key) rather than the host name: most self-hosted stores need it. */
    S3_FORCE_PATH_STYLE: bool(false),
    /** Downloads answered with a short-lived signed URL to the bucket instead of through Atelier. */
    S3_SIGNED_URLS: bool(false),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === "stripe" && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET too",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
  });

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function parseEngineRoutes(text: string): Record<"text" | "image" | "doodle", string> {
  const value = text.trim();
  if (!value.includes("=")) return { text: value, image: value, doodle: value };
  const routes = { text: "studio", image: "studio", doodle: "studio" };
  for (const part of value.split(",")) {
    const [mode, engine] = part.split("=").map((s) => s.trim()) as ["text" | "image" | "doodle", string];
    routes[mode] = engine;
  }
  return routes;
}

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

function s3Settings(env: z.infer<typeof envSchema>, storageUrl: string) {
  const url = new URL(storageUrl);
  return {
    bucket: url.hostname,
    /** Prepended to every key, without slashes at either end ("" for the bucket's root). */
    prefix: url.pathname.replace(/^\/+|\/+$/g, ""),
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    signedUrls: env.S3_SIGNED_URLS,
  };
}

export type S3Settings = ReturnType<typeof s3Settings>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    /**
     * Set only when PUBLIC_URL is: the one address the deployment wants to be known by. A first
     * visit on another of its hosts is sent there (server/navigation/domain-check.ts).
     */
    canonicalOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null,
    database: env.DATABASE_URL
      ? ({ kind: "postgres", url: env.DATABASE_URL } as const)
      : ({ kind: "pglite", dir: path.join(dataDir, "db") } as const),
    dataDir,
    logLevel: env.LOG_LEVEL,
    /** Default allow-list for the domain check; an admin-set list in the database replaces it. */
    allowedDomains: [...new Set([...env.ALLOWED_DOMAINS, publicHost])],
    /** Default allow-list of hosts an external route rule may send a visitor to. */
    externalRedirectHosts: env.EXTERNAL_REDIRECT_HOSTS,
    apiBaseUrl: env.API_BASE_URL,
    httpClientTimeoutMs: env.HTTP_CLIENT_TIMEOUT_MS,
    /** Largest request bodies the HTTP shell reads, by kind (server/http/body-limits.ts); routes may ask for less. */
    maxJsonBodyBytes: env.MAX_JSON_BODY_BYTES,
    maxFormBodyBytes: env.MAX_FORM_BODY_BYTES,
    maxUploadBodyBytes: env.MAX_UPLOAD_BODY_BYTES,
    maxAuthBodyBytes: env.MAX_AUTH_BODY_BYTES,
    errorReportsPerMinute: env.ERROR_REPORTS_PER_MINUTE,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    drainSeconds: env.DRAIN_SECONDS,
    /**
     * Requests that run in the routes at once; others wait their turn in arrival order, and past
     * `maxQueuedRequests` waiting, new ones get 503 with Retry-After (server/http/admission.ts).
     */
    // The embedded database runs in this thread, so nothing overlaps: two at a time keeps answers in
    // order. PostgreSQL's round trips leave the thread idle, which a few more fill (ADR 0030).
    maxConcurrentRequests: env.MAX_CONCURRENT_REQUESTS ?? (env.DATABASE_URL ? 4 : 2),
    maxQueuedRequests: env.MAX_QUEUED_REQUESTS,
    runMigrations: env.RUN_MIGRATIONS,
    /** People's webhooks may point at loopback and private networks (never in production: SSRF). */
    webhookAllowPrivateHosts: env.WEBHOOK_ALLOW_PRIVATE_HOSTS,
    seedDemoData: env.SEED_DEMO_DATA,
    seedDemoCommunity: env.SEED_DEMO_DATA && env.SEED_DEMO_COMMUNITY,
    trustProxy: env.TRUST_PROXY,
    metrics: { allow: env.METRICS_ALLOW, token: env.METRICS_TOKEN, workerPort: env.METRICS_PORT },
    /** Signs sessions; when unset, one is generated once and kept in DATA_DIR/auth-secret. */
    authSecret: env.AUTH_SECRET,
    /**
     * How long a signed-in page view trusts the session kept in its signed cookie before reading
     * the session table again (0: always read it). A session ended in another way than signing
     * out in this browser — a ban, "sign out everywhere" — ends within this window at worst, and
     * at once wherever the database's change message arrives (ADR 0026).
     */
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    /** Passwords of the seeded demo accounts; random (and printed once) when unset. */
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    demoUserPassword: env.DEMO_USER_PASSWORD,
    /** Email goes to the database outbox unless an SMTP server is configured. */
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /** Run job handlers in this process; a web-only process of a larger deployment sets false. */
    jobWorkers: env.JOB_WORKERS,
    /** Which engine renders each mode (server/generation/engines/registry.ts). */
    engineRoutes: parseEngineRoutes(env.ENGINE_ROUTES),
    /** Encrypts image-engine credentials at rest; derived from the auth secret when unset. */
    engineSecretKey: env.ENGINE_SECRET_KEY,
    /** Worker threads Studio renders on: all cores but one by default, so the web server stays responsive. */
    studioThreads: env.STUDIO_THREADS ?? Math.max(1, os.availableParallelism() - 1),
    /** Generation jobs one worker process runs at once: one more than the threads, so the next job is claimed and decoded while one renders. */
    generationConcurrency:
      env.GENERATION_CONCURRENCY ?? (env.STUDIO_THREADS ?? Math.max(1, os.availableParallelism() - 1)) + 1,
    /** Worker threads the picture classifier runs on (ADR 0059), each holding its own copy of the model (~110–130 MB, bench/safety.bench.ts). */
    safetyThreads: env.SAFETY_THREADS,
    /** Sign-in providers; each is offered only when both its id and secret are set. */
    oauth: {
      google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      facebook: pair(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
      twitter: pair(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET),
      oidc:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              name: env.OIDC_NAME,
            }
          : null,
    },
    /** Payments: the embedded sandbox unless Stripe's keys are set (or PAYMENT_PROVIDER says otherwise). */
    payments: {
      provider: env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? "stripe" : "sandbox"),
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }
          : null,
      /** Signs the sandbox provider's webhooks; derived from the auth secret when unset. */
      sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET,
    },
    /** Uploaded and generated files (avatars, images) live under here in embedded mode. */
    filesDir: path.join(dataDir, "files"),
    /** An S3-compatible bucket for files instead of filesDir (ADR 0038); null keeps the local disk. */
    s3: env.STORAGE_URL ? s3Settings(env, env.STORAGE_URL) : null,
  };
}

/** Parses settings from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "?");
      return `  ${name}: ${issue.message} (got ${JSON.stringify(cleaned[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return toConfig(parsed.data);
}

let current: Config | undefined;

/** The process-wide settings, parsed on first use. */
export function getConfig(): Config {
  current ??= loadConfig();
  return current;
}

/** Settings the browser may see. Never add secrets here. */
export function getPublicConfig() {
  const config = getConfig();
  return { apiBaseUrl: config.apiBaseUrl, httpClientTimeoutMs: config.httpClientTimeoutMs };
}

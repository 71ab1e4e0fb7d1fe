/**
 * The deployment's root secret: AUTH_SECRET, else one generated once and kept beside the embedded
 * data. Better Auth signs sessions with it; engine credentials and sandbox webhooks derive their
 * keys from it. Shared infrastructure like config.ts, so no domain imports another for it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "./config";
import { logger } from "./logger";

/** AUTH_SECRET, else a secret generated once and kept beside the embedded data. */
export function resolveAuthSecret(): string {
  const config = getConfig();
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    if (config.database.kind === "postgres") {
      logger.warn(
        "AUTH_SECRET is not set: generated one in DATA_DIR; set AUTH_SECRET so every process signs sessions alike",
      );
    }
    return secret;
  }
}

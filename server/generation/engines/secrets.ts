/**
 * Engine credentials at rest: AES-256-GCM with a fresh 96-bit IV per value, the engine id as
 * associated data (a ciphertext copied onto another engine's row does not open). The key is
 * ENGINE_SECRET_KEY, or derived from the auth secret with HKDF so embedded installs need no
 * setup; rotating either makes stored credentials unreadable, and the admin page then asks for
 * them again instead of failing generations with a cryptic error.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { resolveAuthSecret } from "../../app-secret";
import { getConfig } from "../../config";

export interface EngineCredentials {
  username?: string;
  password?: string;
  apiKey?: string;
}

const VERSION = "v1";

function key(): Buffer {
  const configured = getConfig().engineSecretKey;
  if (configured) {
    const bytes = Buffer.from(configured.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.byteLength < 32) throw new Error("ENGINE_SECRET_KEY must hold at least 32 bytes");
    return bytes.subarray(0, 32);
  }
  return Buffer.from(hkdfSync("sha256", resolveAuthSecret(), "atelier", "engine credentials v1", 32));
}

export function encryptCredentials(engineId: string, credentials: EngineCredentials): string | null {
  const clean = Object.fromEntries(Object.entries(credentials).filter(([, v]) => typeof v === "string" && v !== ""));
  if (Object.keys(clean).length === 0) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(engineId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(clean), "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    sealed.toString("base64url"),
  ].join(".");
}

export class UnreadableCredentialsError extends Error {
  override name = "UnreadableCredentialsError";
}

export function decryptCredentials(engineId: string, stored: string | null): EngineCredentials {
  if (!stored) return {};
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || !sealed)
    throw new UnreadableCredentialsError("stored credentials have an unknown format");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(engineId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    return JSON.parse(plain) as EngineCredentials;
  } catch (error) {
    throw new UnreadableCredentialsError(
      "stored credentials cannot be decrypted (was AUTH_SECRET or ENGINE_SECRET_KEY changed?)",
      { cause: error },
    );
  }
}

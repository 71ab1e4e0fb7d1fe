/**
 * Names a configured backend offers for its settings (A1111's checkpoints and samplers,
 * ComfyUI's checkpoints), for the admin's engine form. Asked with a short timeout: a backend
 * that is down shows its error instead of holding the page.
 */
import type { Database } from "../../db/client";
import { listA1111Models, listA1111Samplers } from "./a1111";
import { readEngineCatalog } from "./catalog";
import { listComfyUICheckpoints } from "./comfyui";
import { EngineError } from "./engine";

const CHOICES_TIMEOUT_MS = 4_000;

export interface BackendChoices {
  /** Setting name → values the backend has. */
  lists: Record<string, string[]>;
  error?: string;
}

export async function listBackendChoices(db: Database, engineId: string): Promise<BackendChoices | null> {
  const engine = (await readEngineCatalog(db)).engines.find((e) => e.id === engineId);
  if (!engine || engine.credentialsUnreadable) return null;
  try {
    if (engine.kind === "a1111") {
      const connection = {
        baseUrl: engine.baseUrl,
        username: engine.credentials.username,
        password: engine.credentials.password,
        timeoutMs: CHOICES_TIMEOUT_MS,
      };
      const [models, samplers] = await Promise.all([listA1111Models(connection), listA1111Samplers(connection)]);
      return { lists: { checkpoint: models.map((m) => m.title), samplerName: samplers.map((s) => s.name) } };
    }
    if (engine.kind === "comfyui") {
      const checkpoints = await listComfyUICheckpoints({
        baseUrl: engine.baseUrl,
        apiKey: engine.credentials.apiKey,
        timeoutMs: CHOICES_TIMEOUT_MS,
      });
      return { lists: { checkpoint: checkpoints } };
    }
    return null;
  } catch (error) {
    return { lists: {}, error: error instanceof EngineError ? error.message : String(error) };
  }
}

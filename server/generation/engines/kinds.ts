/**
 * The kinds of engine an admin can configure, each with what its form asks (URL, credentials,
 * settings) and how a stored row becomes a working ImageEngine and a health check. Adding a
 * backend means one entry here and one adapter file.
 */
import type { EngineKind } from "../../db/schema";

export type { EngineKind };
import { getConfig } from "../../config";
import { A1111_SETTING_FIELDS, checkA1111Health, createA1111Engine } from "./a1111";
import { checkComfyUIHealth, COMFYUI_SETTING_FIELDS, createComfyUIEngine } from "./comfyui";
import type { EngineSettingField, ImageEngine } from "./engine";
import {
  checkOpenAIImagesHealth,
  createOpenAIImagesEngine,
  OPENAI_BASE_URL,
  OPENAI_IMAGES_SETTING_FIELDS,
  type OpenAIImageModel,
  type OpenAIImageModeration,
  type OpenAIImageQuality,
} from "./openai-images";
import type { EngineCredentials } from "./secrets";
import {
  checkStabilityHealth,
  createStabilityEngine,
  STABILITY_DEFAULT_BASE_URL,
  STABILITY_SETTING_FIELDS,
  type StabilityOutputFormat,
  type StabilitySd3Model,
  type StabilityTextModel,
} from "./stability";
import { createStudioEngine } from "../studio/engine";

/** A configured engine as the registry uses it: credentials already decrypted. */
export interface EngineRecord {
  id: string;
  kind: EngineKind;
  name: string;
  baseUrl: string;
  credentials: EngineCredentials;
  settings: Record<string, string>;
  enabled: boolean;
  costMultiplier: number;
  timeoutSeconds: number;
}

export interface CredentialField {
  name: keyof EngineCredentials;
  label: string;
  secret: boolean;
}

export interface EngineKindInfo {
  kind: EngineKind;
  title: string;
  summary: string;
  /** Suggested in the form; blank for self-hosted servers. */
  defaultUrl: string;
  urlRequired: boolean;
  credentialFields: readonly CredentialField[];
  settingFields: readonly EngineSettingField[];
  create(record: EngineRecord): ImageEngine;
  /** One cheap call; resolves with a short line for the admin or throws an EngineError. */
  checkHealth(record: EngineRecord): Promise<string>;
}

/** The setting's stored value, else its default, as a number when the field is numeric. */
export function settingOf(record: EngineRecord, fields: readonly EngineSettingField[], name: string): string {
  const value = record.settings[name];
  return value !== undefined && value !== "" ? value : (fields.find((f) => f.name === name)?.defaultValue ?? "");
}

function numberSetting(record: EngineRecord, fields: readonly EngineSettingField[], name: string): number | undefined {
  const value = Number(settingOf(record, fields, name));
  return Number.isFinite(value) && settingOf(record, fields, name) !== "" ? value : undefined;
}

/** What every adapter's config takes from the row alike: its id, the admin's name for it, and its time limit. */
function engineBasics(record: EngineRecord) {
  return { id: record.id, label: record.name, timeoutMs: record.timeoutSeconds * 1000 };
}

/** Health checks answer quickly or count as failed, whatever the engine's own time limit. */
const HEALTH_TIMEOUT_MS = 10_000;

const globalKey = Symbol.for("atelier.studio-engine");
/** Studio owns worker threads: one per process, however often its row is edited. */
export function sharedStudioEngine(): ImageEngine {
  const store = globalThis as Record<symbol, ImageEngine | undefined>;
  store[globalKey] ??= createStudioEngine({ threads: getConfig().studioThreads });
  return store[globalKey];
}

export async function closeSharedStudioEngine(): Promise<void> {
  const store = globalThis as Record<symbol, ImageEngine | undefined>;
  const engine = store[globalKey];
  store[globalKey] = undefined;
  await engine?.close?.();
}

const a1111: EngineKindInfo = {
  kind: "a1111",
  title: "AUTOMATIC1111 / Forge / SD.Next",
  summary: "A Stable Diffusion web UI started with --api. Doodles need the ControlNet extension with a scribble model.",
  defaultUrl: "http://127.0.0.1:7860",
  urlRequired: true,
  credentialFields: [
    { name: "username", label: "Username (--api-auth)", secret: false },
    { name: "password", label: "Password", secret: true },
  ],
  settingFields: A1111_SETTING_FIELDS,
  create: (record) =>
    createA1111Engine({
      ...engineBasics(record),
      baseUrl: record.baseUrl,
      username: record.credentials.username,
      password: record.credentials.password,
      checkpoint: settingOf(record, A1111_SETTING_FIELDS, "checkpoint") || undefined,
      samplerName: settingOf(record, A1111_SETTING_FIELDS, "samplerName") || undefined,
      steps: numberSetting(record, A1111_SETTING_FIELDS, "steps"),
      cfgScale: numberSetting(record, A1111_SETTING_FIELDS, "cfgScale"),
      controlnetModel: settingOf(record, A1111_SETTING_FIELDS, "controlnetModel") || undefined,
    }),
  checkHealth: (record) =>
    checkA1111Health({
      baseUrl: record.baseUrl,
      username: record.credentials.username,
      password: record.credentials.password,
      timeoutMs: HEALTH_TIMEOUT_MS,
    }),
};

const comfyui: EngineKindInfo = {
  kind: "comfyui",
  title: "ComfyUI",
  summary:
    "A ComfyUI server. Atelier sends its own workflows; doodles need a ControlNet scribble model in models/controlnet.",
  defaultUrl: "http://127.0.0.1:8188",
  urlRequired: true,
  credentialFields: [{ name: "apiKey", label: "Bearer token (only behind an authenticating proxy)", secret: true }],
  settingFields: COMFYUI_SETTING_FIELDS,
  create: (record) =>
    createComfyUIEngine({
      ...engineBasics(record),
      baseUrl: record.baseUrl,
      apiKey: record.credentials.apiKey,
      checkpoint: settingOf(record, COMFYUI_SETTING_FIELDS, "checkpoint") || undefined,
      controlnetModel: settingOf(record, COMFYUI_SETTING_FIELDS, "controlnetModel") || undefined,
      steps: numberSetting(record, COMFYUI_SETTING_FIELDS, "steps"),
      cfg: numberSetting(record, COMFYUI_SETTING_FIELDS, "cfg"),
      samplerName: settingOf(record, COMFYUI_SETTING_FIELDS, "samplerName") || undefined,
      scheduler: settingOf(record, COMFYUI_SETTING_FIELDS, "scheduler") || undefined,
    }),
  checkHealth: (record) =>
    checkComfyUIHealth({
      baseUrl: record.baseUrl,
      apiKey: record.credentials.apiKey,
      checkpoint: settingOf(record, COMFYUI_SETTING_FIELDS, "checkpoint") || undefined,
      timeoutMs: HEALTH_TIMEOUT_MS,
    }),
};

const OPENAI_FIELDS: readonly EngineSettingField[] = [
  ...OPENAI_IMAGES_SETTING_FIELDS,
  {
    name: "organization",
    label: "Organization id",
    type: "text",
    defaultValue: "",
    help: "Only when the key belongs to several organizations (org-…).",
  },
];

const openai: EngineKindInfo = {
  kind: "openai",
  title: "OpenAI Images (gpt-image-1)",
  summary:
    "OpenAI's image API. Makes 1024-pixel pictures in square, landscape (3:2) and portrait (2:3); no seeds, no progress.",
  defaultUrl: OPENAI_BASE_URL,
  urlRequired: false,
  credentialFields: [{ name: "apiKey", label: "API key", secret: true }],
  settingFields: OPENAI_FIELDS,
  create: (record) =>
    createOpenAIImagesEngine({
      ...engineBasics(record),
      baseUrl: record.baseUrl || undefined,
      apiKey: record.credentials.apiKey ?? "",
      organization: settingOf(record, OPENAI_FIELDS, "organization") || undefined,
      model: settingOf(record, OPENAI_FIELDS, "model") as OpenAIImageModel,
      quality: settingOf(record, OPENAI_FIELDS, "quality") as OpenAIImageQuality,
      moderation: settingOf(record, OPENAI_FIELDS, "moderation") as OpenAIImageModeration,
    }),
  checkHealth: (record) =>
    checkOpenAIImagesHealth({
      baseUrl: record.baseUrl || undefined,
      apiKey: record.credentials.apiKey ?? "",
      organization: settingOf(record, OPENAI_FIELDS, "organization") || undefined,
      model: settingOf(record, OPENAI_FIELDS, "model") as OpenAIImageModel,
      timeoutMs: HEALTH_TIMEOUT_MS,
    }),
};

const stability: EngineKindInfo = {
  kind: "stability",
  title: "Stability AI (Stable Image v2beta)",
  summary:
    "Stability's hosted API: Core, Ultra or SD3 for text and pictures, Sketch control for doodles. About one megapixel per picture, one picture per request.",
  defaultUrl: STABILITY_DEFAULT_BASE_URL,
  urlRequired: false,
  credentialFields: [{ name: "apiKey", label: "API key", secret: true }],
  settingFields: STABILITY_SETTING_FIELDS,
  create: (record) =>
    createStabilityEngine({
      ...engineBasics(record),
      baseUrl: record.baseUrl || undefined,
      apiKey: record.credentials.apiKey,
      textModel: settingOf(record, STABILITY_SETTING_FIELDS, "textModel") as StabilityTextModel,
      sd3Model: settingOf(record, STABILITY_SETTING_FIELDS, "sd3Model") as StabilitySd3Model,
      outputFormat: settingOf(record, STABILITY_SETTING_FIELDS, "outputFormat") as StabilityOutputFormat,
    }),
  checkHealth: (record) =>
    checkStabilityHealth({
      baseUrl: record.baseUrl || undefined,
      apiKey: record.credentials.apiKey,
      timeoutMs: HEALTH_TIMEOUT_MS,
    }),
};

const studio: EngineKindInfo = {
  kind: "studio",
  title: "Atelier Studio (built in)",
  summary: "The offline engine that ships with Atelier: procedural paintings on this machine's CPU, no network.",
  defaultUrl: "",
  urlRequired: false,
  credentialFields: [],
  settingFields: [],
  create(record) {
    const engine = sharedStudioEngine();
    // Same threads, the admin's name for it; closing is the registry's job at shutdown.
    return {
      id: record.id,
      label: record.name,
      capabilities: engine.capabilities,
      validate: (r) => engine.validate(r),
      generate: (r, o) => engine.generate(r, o),
    };
  },
  checkHealth: async () => "Runs in this process",
};

export const ENGINE_KIND_INFO: Partial<Record<EngineKind, EngineKindInfo>> = {
  studio,
  a1111,
  comfyui,
  openai,
  stability,
};

export function kindInfo(kind: EngineKind): EngineKindInfo {
  const info = ENGINE_KIND_INFO[kind];
  if (!info) throw new Error(`Unknown engine kind "${kind}"`);
  return info;
}

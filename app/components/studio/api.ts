/**
 * The studio's calls to the generation APIs (see app/lib/generation-views.ts for the contract).
 * Multipart bodies and upload progress need fetch and XMLHttpRequest directly; JSON calls go
 * through the shared HTTP client.
 */
import type { GenerationView, PreviewImageView } from "~/lib/generation-views";

export interface ApiFailure {
  ok: false;
  status: number;
  code: string | null;
  message: string;
  /** First message per field. */
  fields: Record<string, string>;
}

function firstMessages(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fields || typeof fields !== "object") return out;
  for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === "string") out[key] = message;
  }
  return out;
}

export function failureFrom(status: number, body: unknown): ApiFailure {
  const error = (body as { error?: { code?: string; message?: string; fields?: unknown } } | null)?.error;
  return {
    ok: false,
    status,
    code: error?.code ?? null,
    message:
      error?.message ??
      (status === 0
        ? "Network error: check your connection and try again."
        : `Something went wrong (${status}). Try again in a moment.`),
    fields: firstMessages(error?.fields),
  };
}

export async function submitGeneration(
  base: string,
  form: FormData,
): Promise<{ ok: true; generation: GenerationView; balance: number | null } | ApiFailure> {
  let response: Response;
  try {
    response = await fetch(`${base}/api/generations`, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { Accept: "application/json", "Idempotency-Key": crypto.randomUUID() },
    });
  } catch {
    return failureFrom(0, null);
  }
  const body = (await response.json().catch(() => null)) as { generation?: GenerationView; balance?: number } | null;
  if (!response.ok || !body?.generation) return failureFrom(response.status, body);
  return { ok: true, generation: body.generation, balance: typeof body.balance === "number" ? body.balance : null };
}

/** POST /api/preview-image with upload progress (fetch cannot report it). */
export function uploadPreviewImage(
  base: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ ok: true; preview: PreviewImageView } | ApiFailure> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base}/api/preview-image`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const preview = body as PreviewImageView | null;
      if (xhr.status >= 200 && xhr.status < 300 && preview && typeof preview.fileName === "string")
        resolve({ ok: true, preview });
      else resolve(failureFrom(xhr.status, body));
    };
    xhr.onerror = () => resolve(failureFrom(0, null));
    xhr.onabort = () => resolve({ ok: false, status: 0, code: "aborted", message: "Upload canceled.", fields: {} });
    signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  });
}

/** POST /api/delete-request-image {fileName}; best effort (a missing file is fine). */
export function deletePreviewImage(base: string, fileName: string): void {
  void fetch(`${base}/api/delete-request-image`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ fileName }),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {});
}

export function randomSeed(): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return buffer[0]!;
}

export const downloadUrl = (base: string, id: string, index: number, format: "png" | "webp" | "jpeg") =>
  `${base}/api/generations/${encodeURIComponent(id)}/images/${index}?format=${format}`;

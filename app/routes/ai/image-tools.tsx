/**
 * /ai/image-tools: the offline neural tools — remove background, upscale 2× — on a picture the
 * person uploads here or picks from their generations (the studio's lightbox sends them here
 * with the edit already started). Each edit is a queued job; the list shows live progress,
 * the result beside the original, and a download.
 */
import { getUser } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { imageToolsInstalled, REMOVE_BACKGROUND_MAX_SIDE, UPSCALE_MAX_SIDE } from "@server/image-tools";
import {
  listImageEdits,
  loadActiveEditsLimit,
  MAX_ACTIVE_EDITS,
  TOOL_UNAVAILABLE_MESSAGE,
} from "@server/image-tools/edits";
import { Download, ImageUp, LoaderCircle, Trash2, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { When } from "~/components/when";
import { failureFrom } from "~/components/studio/api";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, FieldError, FieldLabel } from "~/components/ui/field";
import { ProgressBar } from "~/components/ui/progress-bar";
import { cn } from "~/lib/cn";
import { UPLOAD_MAX_BYTES } from "~/lib/generation-constants";
import { IMAGE_TOOL_IDS, IMAGE_TOOL_INFO, isEditActive, type ImageEditView, type ImageToolId } from "~/lib/image-edits";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/image-tools";
import { SectionHeading } from "~/components/ui/page-heading";
import { EmptyState } from "~/components/ui/empty-state";

export const meta: Route.MetaFunction = () => [{ title: "Image tools · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const available = imageToolsInstalled();
  const [edits, maxActive] = user
    ? await Promise.all([listImageEdits(getDb(), user.userUid), loadActiveEditsLimit(getDb(), user.userUid)])
    : [[], MAX_ACTIVE_EDITS];
  return {
    signedIn: user !== null,
    edits,
    // The reasons name packages and paths (logged by the tools); people see a plain sentence.
    unavailable: {
      "remove-background": available.removeBackground === true ? null : TOOL_UNAVAILABLE_MESSAGE,
      upscale: available.upscale === true ? null : TOOL_UNAVAILABLE_MESSAGE,
    } as Record<ImageToolId, string | null>,
    maxSide: { "remove-background": REMOVE_BACKGROUND_MAX_SIDE, upscale: UPSCALE_MAX_SIDE } as Record<
      ImageToolId,
      number
    >,
    // A member's plan may allow more at once (issue 41).
    maxActive,
  };
}

type Failure = ReturnType<typeof failureFrom>;

async function call<T>(url: string, init: RequestInit): Promise<{ ok: true; body: T } | Failure> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      ...init,
      headers: { Accept: "application/json", ...init.headers },
    });
  } catch {
    return failureFrom(0, null);
  }
  const body = (await response.json().catch(() => null)) as T | null;
  if (!response.ok || body === null) return failureFrom(response.status, body);
  return { ok: true, body };
}

function EditProgress({ edit }: { edit: ImageEditView }) {
  const queued = edit.status === "queued";
  return (
    <ProgressBar
      label={`Progress of ${edit.toolLabel}`}
      stage={edit.stage ?? (queued ? "Waiting in the queue" : "Working")}
      percent={queued ? null : edit.progress}
      stageTestId="edit-stage"
    />
  );
}

/** A checkerboard behind the picture, so transparency shows as transparency. */
const checker =
  "bg-[length:16px_16px] bg-[linear-gradient(45deg,#e5e5e5_25%,transparent_25%),linear-gradient(-45deg,#e5e5e5_25%,transparent_25%),linear-gradient(45deg,transparent_75%,#e5e5e5_75%),linear-gradient(-45deg,transparent_75%,#e5e5e5_75%)] bg-[position:0_0,0_8px,8px_-8px,-8px_0px]";

function EditCard({
  edit,
  highlighted,
  onCancel,
  onDelete,
}: {
  edit: ImageEditView;
  highlighted: boolean;
  onCancel(): void;
  onDelete(): void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [highlighted]);
  return (
    <li
      ref={ref}
      data-testid="edit-card"
      data-status={edit.status}
      aria-label={`${edit.toolLabel}, ${edit.status}`}
      className={cn(
        "space-y-3 rounded-2xl border bg-paper-raised p-4",
        highlighted ? "border-accent ring-2 ring-accent/30" : "border-line",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="font-semibold text-ink">{edit.toolLabel}</p>
        <p className="text-xs text-ink-soft">
          <When value={edit.createdAt} />
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <figure className="space-y-1">
          <div className={cn("flex aspect-square items-center justify-center overflow-hidden rounded-xl", checker)}>
            <img src={edit.sourceUrl} alt="Original" className="max-h-full max-w-full object-contain" loading="lazy" />
          </div>
          <figcaption className="text-xs text-ink-soft">
            Original · {edit.sourceWidth} × {edit.sourceHeight}
          </figcaption>
        </figure>
        <figure className="space-y-1">
          <div className={cn("flex aspect-square items-center justify-center overflow-hidden rounded-xl", checker)}>
            {edit.resultUrl ? (
              <img
                src={edit.resultUrl}
                alt={`Result of ${edit.toolLabel}`}
                data-testid="edit-result"
                className="max-h-full max-w-full object-contain"
                loading="lazy"
              />
            ) : isEditActive(edit) ? (
              <LoaderCircle aria-hidden className="size-8 animate-spin text-ink-faint" />
            ) : (
              <X aria-hidden className="size-8 text-ink-faint" />
            )}
          </div>
          <figcaption className="text-xs text-ink-soft">
            {edit.resultWidth ? `Result · ${edit.resultWidth} × ${edit.resultHeight}` : "Result"}
          </figcaption>
        </figure>
      </div>
      {isEditActive(edit) ? <EditProgress edit={edit} /> : null}
      {edit.status === "failed" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {edit.error ?? "This edit failed."}
        </p>
      ) : null}
      {edit.status === "canceled" ? <p className="text-sm text-ink-soft">Canceled.</p> : null}
      <div className="flex flex-wrap gap-2">
        {edit.downloadUrl ? (
          <a href={edit.downloadUrl} download className={buttonClass({ size: "sm" })}>
            <Download aria-hidden className="size-4" /> Download PNG
          </a>
        ) : null}
        {isEditActive(edit) ? (
          <button
            type="button"
            onClick={onCancel}
            className={buttonClass({ size: "sm", variant: "secondary" })}
            aria-label={`Cancel this ${edit.toolLabel} edit`}
          >
            Cancel
          </button>
        ) : (
          <button
            type="button"
            onClick={onDelete}
            className={buttonClass({ size: "sm", variant: "secondary" })}
            aria-label={`Delete this ${edit.toolLabel} edit`}
          >
            <Trash2 aria-hidden className="size-4" /> Delete
          </button>
        )}
      </div>
    </li>
  );
}

export default function ImageToolsPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, unavailable, maxSide, maxActive } = loaderData;
  const base = (useRootData()?.config?.apiBaseUrl ?? "").replace(/\/+$/, "");
  const [edits, setEdits] = useState<ImageEditView[]>(loaderData.edits);
  const [tool, setTool] = useState<ImageToolId>(
    unavailable["remove-background"] && !unavailable.upscale ? "upscale" : "remove-background",
  );
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [params] = useSearchParams();
  const highlighted = params.get("edit");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setEdits(loaderData.edits), [loaderData.edits]);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Live progress: poll the unfinished edits once a second (one round at a time) until none is left.
  const activeIds = edits
    .filter(isEditActive)
    .map((e) => e.id)
    .join(",");
  useEffect(() => {
    if (!activeIds) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const ids = activeIds.split(",");
      const results = await Promise.all(
        ids.map((id) => call<{ edit: ImageEditView }>(`${base}/api/image-edits/${id}`, { method: "GET" })),
      );
      if (stopped) return;
      const fresh = new Map(results.flatMap((r) => (r.ok ? [[r.body.edit.id, r.body.edit] as const] : [])));
      // An edit deleted elsewhere (another tab) answers 404: it leaves the list.
      const gone = new Set(ids.filter((_, i) => results[i]!.ok === false && (results[i] as Failure).status === 404));
      setEdits((current) => current.filter((e) => !gone.has(e.id)).map((e) => fresh.get(e.id) ?? e));
      timer = setTimeout(() => void poll(), 1000);
    };
    timer = setTimeout(() => void poll(), 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [activeIds, base]);

  const choose = (picked: File | null | undefined) => {
    setMessage(null);
    setFieldError(null);
    if (!picked) return setFile(null);
    if (!/^image\/(png|jpeg|webp)$/.test(picked.type)) return setFieldError("Choose a PNG, JPEG or WebP picture.");
    if (picked.size > UPLOAD_MAX_BYTES)
      return setFieldError(`The picture is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Choose a smaller file.`);
    setFile(picked);
  };

  const start = async () => {
    // A refused pick keeps its reason (too large, not a picture) rather than "choose one".
    if (!file) return setFieldError((current) => current ?? "Choose a picture to edit.");
    setBusy(true);
    setMessage(null);
    const form = new FormData();
    form.set("tool", tool);
    form.set("image", file);
    const result = await call<{ edit: ImageEditView }>(`${base}/api/image-edits`, {
      method: "POST",
      body: form,
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    setBusy(false);
    if (!result.ok) {
      if (result.fields.image) setFieldError(result.fields.image);
      setMessage({ tone: "error", text: result.message });
      return;
    }
    setEdits((current) => [result.body.edit, ...current]);
    setFile(null);
    if (input.current) input.current.value = "";
    setMessage({ tone: "success", text: `${result.body.edit.toolLabel} started. It appears below when it is done.` });
  };

  const cancel = async (id: string) => {
    const result = await call<{ edit: ImageEditView }>(`${base}/api/image-edits/${id}/cancel`, { method: "POST" });
    if (result.ok) setEdits((current) => current.map((e) => (e.id === id ? result.body.edit : e)));
    else setMessage({ tone: "error", text: result.message });
  };
  const remove = async (id: string) => {
    const result = await call<{ ok: boolean }>(`${base}/api/image-edits/${id}`, { method: "DELETE" });
    if (result.ok) setEdits((current) => current.filter((e) => e.id !== id));
    else setMessage({ tone: "error", text: result.message });
  };

  const active = edits.filter(isEditActive).length;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6">
      <header>
        <h1 className="font-display text-4xl font-semibold tracking-tight text-ink">Image tools</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">
          Remove a background or upscale a picture 2×, on our own servers with neural models — free, no tokens. Use one
          of your creations from the studio (open it and choose a tool), or upload a picture here.
        </p>
      </header>

      {!signedIn ? (
        <div className="rounded-2xl border border-line bg-paper-raised p-6">
          <p className="text-ink">Sign in to use the image tools.</p>
          <Link to="/login?redirectTo=%2Fai%2Fimage-tools" className={buttonClass({ className: "mt-3" })}>
            Sign in
          </Link>
        </div>
      ) : (
        <section aria-labelledby="new-edit" className="space-y-5 rounded-2xl border border-line bg-paper-raised p-6">
          <SectionHeading id="new-edit">New edit</SectionHeading>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink">Tool</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {IMAGE_TOOL_IDS.map((id) => (
                <label
                  key={id}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-xl border p-4",
                    tool === id ? "border-accent bg-accent/5" : "border-line",
                    unavailable[id] && "cursor-not-allowed opacity-60",
                  )}
                >
                  <input
                    type="radio"
                    name="tool"
                    value={id}
                    checked={tool === id}
                    disabled={Boolean(unavailable[id])}
                    onChange={() => setTool(id)}
                    className="mt-1 size-4"
                  />
                  <span>
                    <span className="block font-medium text-ink">{IMAGE_TOOL_INFO[id].label}</span>
                    <span className="block text-sm text-ink-soft">
                      {unavailable[id] ?? `${IMAGE_TOOL_INFO[id].summary} Up to ${maxSide[id]} px on the long side.`}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <FieldLabel htmlFor={inputId}>Picture</FieldLabel>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target, not a control: the file field inside is the accessible way in */}
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                choose(e.dataTransfer.files[0]);
              }}
              className={cn(
                "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center",
                dragging ? "border-accent bg-accent/5" : "border-line",
              )}
            >
              {preview ? (
                <img src={preview} alt="What you chose to edit" className="max-h-48 rounded-lg object-contain" />
              ) : (
                <ImageUp aria-hidden className="size-8 text-ink-faint" />
              )}
              <p className="text-sm text-ink-soft">Drop a PNG, JPEG or WebP here, or</p>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${inputId}-error` : undefined}
                onChange={(e) => choose(e.currentTarget.files?.[0])}
                className="text-sm"
              />
            </div>
            <FieldError id={`${inputId}-error`}>{fieldError}</FieldError>
          </div>
          {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
          <button
            type="button"
            onClick={start}
            disabled={busy || active >= maxActive || Boolean(unavailable[tool])}
            className={buttonClass({ size: "lg" })}
          >
            {busy ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
            {busy ? "Uploading…" : `Start: ${IMAGE_TOOL_INFO[tool].label}`}
          </button>
          {active >= maxActive ? (
            <p className="text-sm text-ink-soft">
              You have {active} edits in progress; a new one can start when one finishes.
            </p>
          ) : null}
        </section>
      )}

      {signedIn ? (
        <section aria-labelledby="your-edits" className="space-y-4">
          <SectionHeading id="your-edits">Your edits</SectionHeading>
          {edits.length === 0 ? (
            <EmptyState size="list">No edits yet. Results stay here until you delete them.</EmptyState>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Your edits">
              {edits.map((edit) => (
                <EditCard
                  key={edit.id}
                  edit={edit}
                  highlighted={edit.id === highlighted}
                  onCancel={() => cancel(edit.id)}
                  onDelete={() => remove(edit.id)}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

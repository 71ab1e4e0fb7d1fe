/** A large view of one image in a modal dialog: Escape closes, arrow keys move between images. */
import { Brush, ChevronLeft, ChevronRight, Download, Eraser, Maximize2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { IMAGE_TOOL_INFO, type ImageEditView, type ImageToolId } from "~/lib/image-edits";
import type { GenerationImageView, GenerationView } from "~/lib/generation-views";
import { downloadUrl, failureFrom } from "./api";
import { BlurImage } from "./blur-image";
import { editPath } from "./edit-links";
import { EngineBadge } from "./engine-badge";
import { describePrompt, styleLabel } from "./format";
import { CloseButton } from "~/components/ui/close-button";
import { SaveButton } from "~/components/community/save-button";

export interface LightboxEntry {
  generation: GenerationView;
  image: GenerationImageView;
}

export function imageSeed(g: GenerationView, image: GenerationImageView): number {
  return image.seed ?? g.seed + image.index;
}

export function DownloadLinks({
  base,
  generation,
  index,
  className,
}: {
  base: string;
  generation: GenerationView;
  index: number;
  className?: string;
}) {
  return (
    <span className={className}>
      {(["png", "webp", "jpeg"] as const).map((format) => (
        <a
          key={format}
          href={downloadUrl(base, generation.id, index, format)}
          download={`atelier-${generation.id.slice(0, 8)}-${index + 1}.${format === "jpeg" ? "jpg" : format}`}
          className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold text-ink ring-1 ring-line hover:bg-paper-sunken"
        >
          <Download aria-hidden className="size-3.5" />
          {format === "jpeg" ? "JPEG" : format === "webp" ? "WebP" : "PNG"}
        </a>
      ))}
    </span>
  );
}

/** Opens the picture in the editor, or starts an image tool on it and goes to the tools page, where its progress shows. */
function ToolActions({ base, generation, index }: { base: string; generation: GenerationView; index: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<ImageToolId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (tool: ImageToolId) => {
    setBusy(tool);
    setError(null);
    let failure: ReturnType<typeof failureFrom>;
    try {
      const response = await fetch(`${base}/api/image-edits`, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify({ tool, generationId: generation.id, index }),
      });
      const body = (await response.json().catch(() => null)) as { edit?: ImageEditView } | null;
      if (response.ok && body?.edit) return void navigate(`/ai/image-tools?edit=${body.edit.id}`);
      failure = failureFrom(response.status, body);
    } catch {
      failure = failureFrom(0, null);
    }
    setBusy(null);
    setError(failure.message);
  };
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Link
        to={editPath(generation.id, index)}
        title="Repaint a part or widen the picture"
        className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold text-ink ring-1 ring-line hover:bg-paper-sunken"
      >
        <Brush aria-hidden className="size-3.5" /> Edit
      </Link>
      {(["remove-background", "upscale"] as const).map((tool) => (
        <button
          key={tool}
          type="button"
          onClick={() => void start(tool)}
          disabled={busy !== null}
          className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold text-ink ring-1 ring-line hover:bg-paper-sunken disabled:opacity-50"
        >
          {tool === "upscale" ? (
            <Maximize2 aria-hidden className="size-3.5" />
          ) : (
            <Eraser aria-hidden className="size-3.5" />
          )}
          {busy === tool ? "Starting…" : IMAGE_TOOL_INFO[tool].label}
        </button>
      ))}
      {error ? (
        <span role="alert" className="basis-full text-xs font-medium text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}

export function Lightbox({
  entries,
  index,
  base,
  onIndex,
  onClose,
}: {
  entries: LightboxEntry[];
  index: number | null;
  base: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = index !== null && entries[index] !== undefined;
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const entry = index !== null ? entries[index] : undefined;
  const go = (delta: number) => {
    if (index === null || entries.length === 0) return;
    onIndex((index + delta + entries.length) % entries.length);
  };

  return (
    <dialog
      ref={dialog}
      aria-label="Image viewer"
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(64rem,calc(100%-1rem))] overflow-auto rounded-3xl border border-line bg-paper-raised p-0 shadow-2xl backdrop:bg-ink/70 backdrop:backdrop-blur-sm"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") {
          event.preventDefault();
          go(1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          go(-1);
        }
      }}
    >
      {entry ? (
        <div className="flex flex-col">
          <div className="flex items-center gap-2 border-b border-line px-4 py-3">
            <p className="min-w-0 flex-1 truncate text-sm font-medium text-ink" title={entry.generation.prompt}>
              {describePrompt(entry.generation)}
            </p>
            <span className="text-xs tabular-nums text-ink-faint">
              {index! + 1} / {entries.length}
            </span>
            <CloseButton
              onClick={() => dialog.current?.close()}
              // The dialog just opened; its close button is where focus belongs.
              autoFocus
            />
          </div>
          <div className="relative bg-paper-sunken">
            <BlurImage
              key={`${entry.generation.id}-${entry.image.index}`}
              src={entry.image.url}
              image={entry.image}
              loading="eager"
              alt={`${describePrompt(entry.generation)} — ${styleLabel(entry.generation.style)}`}
              className="mx-auto max-h-[70dvh] bg-transparent"
              imgClassName="object-contain"
            />
            {entries.length > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label="Previous image"
                  className="absolute left-2 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-paper/85 text-ink shadow hover:bg-paper"
                >
                  <ChevronLeft aria-hidden className="size-5" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label="Next image"
                  className="absolute right-2 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-paper/85 text-ink shadow hover:bg-paper"
                >
                  <ChevronRight aria-hidden className="size-5" />
                </button>
              </>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-xs text-ink-soft">
            <span>{styleLabel(entry.generation.style)}</span>
            <span>
              {entry.image.width} × {entry.image.height}
            </span>
            <span>seed {imageSeed(entry.generation, entry.image)}</span>
            <EngineBadge engineId={entry.generation.engineId} label={entry.generation.engineLabel} compact />
            <DownloadLinks
              base={base}
              generation={entry.generation}
              index={entry.image.index}
              className="ml-auto flex flex-wrap gap-1.5"
            />
            <ToolActions base={base} generation={entry.generation} index={entry.image.index} />
            <SaveButton
              picture={{ generationId: entry.generation.id, index: entry.image.index }}
              signedIn
              title="this picture"
              className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 ring-1 ring-line hover:bg-paper-sunken"
            />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** One generation in the result area: progress while it runs, the images when it is done. */
import { Ban, Brush, Expand, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ProgressBar } from "~/components/ui/progress-bar";
import { cn } from "~/lib/cn";
import type { GenerationView } from "~/lib/generation-views";
import { isFinished } from "~/lib/use-generation-stream";
import { BlurImage } from "./blur-image";
import { EditedFrom, editPath } from "./edit-links";
import { EngineBadge } from "./engine-badge";
import { describePrompt, queueText, refundText, STATUS_LABELS, STATUS_TONES, styleLabel } from "./format";

export function StatusChip({ status, retrying = false }: { status: GenerationView["status"]; retrying?: boolean }) {
  return (
    <span
      data-testid="generation-status"
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1",
        STATUS_TONES[status],
      )}
    >
      {status === "running" || retrying ? <LoaderCircle aria-hidden className="size-3 animate-spin" /> : null}
      {retrying ? "Retrying" : STATUS_LABELS[status]}
    </span>
  );
}

export function GenerationProgress({ generation }: { generation: GenerationView }) {
  // A job back in line after a failed try says why (the engine did not answer, is busy…), not its place.
  const queued = generation.status === "queued" && !generation.retrying;
  return (
    <ProgressBar
      label={`Progress of "${describePrompt(generation)}"`}
      stage={queued ? queueText(generation.queuePosition) : (generation.stage ?? "Starting")}
      percent={queued ? 0 : generation.progress}
      showPercent={!queued}
      minWidth={queued ? 0 : 3}
      stageTestId="generation-stage"
    />
  );
}

export function JobCard({
  generation,
  onCancel,
  canceling,
  onOpen,
  onDismiss,
  reveal = false,
  before,
}: {
  /** The picture an edit started from (the editor's page): shown before the result, captioned Before and After. */
  before?: { url: string; width: number; height: number; title: string };
  /** Just started here: scroll it into view when it is off screen. */
  reveal?: boolean;
  generation: GenerationView;
  onCancel: () => void;
  canceling: boolean;
  onOpen: (index: number) => void;
  onDismiss: () => void;
}) {
  const g = generation;
  const finished = isFinished(g);
  const refund = refundText(g);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!reveal || !el) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < 64 || rect.top > window.innerHeight - 120) {
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
    }
  }, [reveal]);
  return (
    <article
      ref={box}
      data-testid="job-card"
      data-generation-id={g.id}
      data-status={g.status}
      aria-label={`Generation: ${describePrompt(g)}`}
      className="animate-fade-in scroll-mt-24 rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-2">
        <StatusChip status={g.status} retrying={g.retrying} />
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-ink" title={g.prompt}>
          {describePrompt(g)}
        </p>
        {finished ? (
          <button
            type="button"
            onClick={onDismiss}
            className="rounded-full px-2 py-1 text-xs font-medium text-ink-faint hover:bg-paper-sunken hover:text-ink"
          >
            Hide
          </button>
        ) : null}
      </header>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-faint">
        <span>{styleLabel(g.style)}</span>
        <span aria-hidden>·</span>
        <span>
          {g.width} × {g.height}
        </span>
        <span aria-hidden>·</span>
        <span>seed {g.seed}</span>
        <EngineBadge engineId={g.engineId} label={g.engineLabel} compact align="end" className="ml-auto" />
      </p>
      <EditedFrom generation={g} className="mt-1 text-xs text-ink-soft" />
      <Understood words={g.understood} notDrawn={g.notDrawn} />

      {!finished ? (
        <div className="mt-4 space-y-3">
          <GenerationProgress generation={g} />
          <div className={cn("grid gap-2", g.count > 1 ? "grid-cols-2" : "grid-cols-1")} aria-hidden>
            {Array.from({ length: g.count }, (_, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, one per picture to come; their place is their identity
                key={i}
                className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-paper-sunken via-accent-soft to-paper-sunken"
                style={{ aspectRatio: `${g.width} / ${g.height}`, maxHeight: "24rem" }}
              >
                <div className="absolute inset-0 animate-pulse bg-white/30" />
              </div>
            ))}
          </div>
          <button
            type="button"
            onClick={onCancel}
            disabled={canceling}
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-danger disabled:opacity-50"
          >
            <Ban aria-hidden className="size-4" /> {canceling ? "Canceling…" : "Cancel"}
          </button>
        </div>
      ) : g.status === "succeeded" ? (
        <div
          data-testid={before ? "before-after" : undefined}
          className={cn("mt-4 grid gap-2", g.images.length > 1 || before ? "grid-cols-2" : "grid-cols-1")}
        >
          {before ? (
            <figure className="space-y-1">
              <div className="overflow-hidden rounded-2xl bg-paper-sunken ring-1 ring-line">
                <img
                  src={before.url}
                  alt={`${before.title}, before the edit`}
                  width={before.width}
                  height={before.height}
                  className="block h-auto w-full"
                />
              </div>
              <figcaption className="text-center text-xs text-ink-soft">
                Before · {before.width} × {before.height}
              </figcaption>
            </figure>
          ) : null}
          {g.images.map((image) => (
            <figure key={image.index} className="space-y-1">
              <button
                type="button"
                onClick={() => onOpen(image.index)}
                aria-label={`Open image ${image.index + 1} of ${g.images.length} large`}
                className="group relative block w-full overflow-hidden rounded-2xl ring-1 ring-line"
              >
                <BlurImage
                  src={image.url}
                  image={image}
                  loading="eager"
                  alt={`${describePrompt(g)} — ${styleLabel(g.style)}, image ${image.index + 1}`}
                  imgClassName="transition-transform duration-500 group-hover:scale-[1.02]"
                />
                <span className="absolute right-2 top-2 grid size-8 place-items-center rounded-full bg-ink/60 text-paper opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
                  <Expand aria-hidden className="size-4" />
                </span>
              </button>
              {before ? (
                <figcaption className="text-center text-xs text-ink-soft">
                  After · {image.width} × {image.height}
                </figcaption>
              ) : null}
            </figure>
          ))}
          <p className="col-span-full flex flex-wrap gap-1.5">
            {g.images.map((image) => (
              <Link
                key={image.index}
                to={editPath(g.id, image.index)}
                className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium text-ink-soft ring-1 ring-line transition hover:bg-paper-sunken hover:text-ink"
              >
                <Brush aria-hidden className="size-3.5" />
                {g.images.length > 1 ? `Edit image ${image.index + 1}` : "Edit"}
              </Link>
            ))}
          </p>
        </div>
      ) : (
        <div role="status" className="mt-4 flex items-start gap-3 rounded-2xl bg-paper-sunken p-4 text-sm">
          <TriangleAlert
            aria-hidden
            className={cn("mt-0.5 size-5 shrink-0", g.status === "failed" ? "text-danger" : "text-ink-faint")}
          />
          <div>
            <p className="font-medium text-ink">
              {g.held ? "Held for review." : g.status === "failed" ? "This one did not work." : "Canceled."}
            </p>
            {g.error ? <p className="mt-0.5 text-ink-soft">{g.error}</p> : null}
            {refund ? <p className="mt-0.5 font-medium text-success">{refund}</p> : null}
          </div>
        </div>
      )}
    </article>
  );
}

/** What Studio recognised in the prompt, so the picture can be read against it (issue 19). */
function Understood({ words, notDrawn }: { words: string[] | null; notDrawn: string[] | null }) {
  if (words === null) return null;
  return (
    <>
      <p data-testid="studio-understood" className="mt-1 text-xs text-ink-soft">
        {words.length > 0
          ? `Studio recognised: ${words.join(", ")}.`
          : "Studio recognised no subject in these words, so it painted an abstract composition of their colours and mood."}
      </p>
      {notDrawn && notDrawn.length > 0 && (
        <p data-testid="studio-not-drawn" className="mt-0.5 text-xs text-ink-soft">
          {`Studio could not draw: ${notDrawn.join(", ")}.`}
        </p>
      )}
    </>
  );
}

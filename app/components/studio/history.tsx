/** The user's earlier generations for this mode, newest first, with what you can do with each. */
import {
  Brush,
  Check,
  Copy,
  Dices,
  Download,
  History as HistoryIcon,
  ImageOff,
  LoaderCircle,
  Repeat,
  Sparkles,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import type { GenerationView } from "~/lib/generation-views";
import { isFinished } from "~/lib/use-generation-stream";
import { BlurImage } from "./blur-image";
import { EditedFrom, editPath } from "./edit-links";
import { EngineBadge } from "./engine-badge";
import { When } from "~/components/when";
import { describePrompt, refundText, styleLabel } from "./format";
import { GenerationProgress, StatusChip } from "./job-card";
import { DownloadLinks } from "./lightbox";
import { PublishButton } from "./publish-dialog";
import { SectionHeading } from "~/components/ui/page-heading";
import { EmptyState } from "~/components/ui/empty-state";

const action =
  "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium text-ink-soft ring-1 ring-line transition hover:bg-paper-sunken hover:text-ink disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent";

function HistoryCard({
  generation: g,
  base,
  busy,
  onOpen,
  onRerun,
  onVariation,
  onDelete,
}: {
  generation: GenerationView;
  base: string;
  busy: boolean;
  onOpen: (index: number) => void;
  onRerun: () => void;
  onVariation: () => void;
  onDelete: () => Promise<boolean>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copied, setCopied] = useState(false);
  const first = g.images[0];
  const refund = refundText(g);
  const finished = isFinished(g);

  async function copySeed() {
    try {
      await navigator.clipboard.writeText(String(g.seed));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      window.prompt("Copy the seed", String(g.seed));
    }
  }

  return (
    <li
      data-testid="history-item"
      data-generation-id={g.id}
      data-status={g.status}
      className="flex flex-col overflow-hidden rounded-3xl border border-line bg-paper-raised shadow-sm"
    >
      {first ? (
        <button
          type="button"
          onClick={() => onOpen(0)}
          aria-label={`Open "${describePrompt(g)}" large`}
          className="group relative block"
        >
          <BlurImage
            src={first.thumbUrl}
            image={first}
            alt={`${describePrompt(g)} — ${styleLabel(g.style)}`}
            aspect="4 / 3"
            imgClassName="transition-transform duration-500 group-hover:scale-[1.03]"
          />
          {g.images.length > 1 ? (
            <span className="absolute bottom-2 right-2 rounded-full bg-ink/70 px-2 py-0.5 text-xs font-semibold text-paper">
              {g.images.length} images
            </span>
          ) : null}
        </button>
      ) : (
        <div className="grid aspect-[4/3] place-items-center bg-paper-sunken p-4 text-center text-sm text-ink-soft">
          {finished ? (
            <span className="flex flex-col items-center gap-1">
              <ImageOff aria-hidden className="size-6 text-ink-faint" />
              {g.error ?? "No image"}
              {refund ? <span className="font-medium text-success">{refund}</span> : null}
            </span>
          ) : (
            <div className="w-full max-w-56">
              <GenerationProgress generation={g} />
            </div>
          )}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 text-sm font-medium leading-snug text-ink" title={g.prompt}>
            {describePrompt(g)}
          </p>
          <StatusChip status={g.status} retrying={g.retrying} />
        </div>
        <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-faint">
          <div>
            <dt className="sr-only">Style</dt>
            <dd>{styleLabel(g.style)}</dd>
          </div>
          <div>
            <dt className="sr-only">Size</dt>
            <dd>
              {g.width} × {g.height}
            </dd>
          </div>
          <div>
            <dt className="inline">Seed </dt>
            <dd className="inline tabular-nums">{g.seed}</dd>
          </div>
          <div>
            <dt className="sr-only">Made</dt>
            <dd>
              <When value={g.createdAt} />
            </dd>
          </div>
        </dl>
        <EditedFrom generation={g} className="text-xs text-ink-soft" />
        <EngineBadge engineId={g.engineId} label={g.engineLabel} compact className="self-start" />
        <div className="mt-auto flex flex-wrap gap-1.5 pt-2">
          <button
            type="button"
            className={action}
            onClick={onRerun}
            title="Fill the form with these settings (same seed)"
          >
            <Repeat aria-hidden className="size-3.5" /> Re-run
          </button>
          <button
            type="button"
            className={action}
            onClick={onVariation}
            disabled={busy}
            title="Same settings, a new random seed"
          >
            <Dices aria-hidden className="size-3.5" /> Variation
          </button>
          {first ? (
            <details className="group relative">
              <summary className={cn(action, "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
                <Download aria-hidden className="size-3.5" /> Download
              </summary>
              <div className="absolute bottom-full left-0 z-20 mb-1 w-max rounded-2xl border border-line bg-paper-raised p-2 shadow-lg">
                {g.images.map((image) => (
                  <div key={image.index} className="flex items-center gap-2 py-0.5">
                    {g.images.length > 1 ? (
                      <span className="w-14 text-xs text-ink-faint">Image {image.index + 1}</span>
                    ) : null}
                    <DownloadLinks base={base} generation={g} index={image.index} className="flex gap-1" />
                  </div>
                ))}
              </div>
            </details>
          ) : null}
          <button type="button" className={action} onClick={() => void copySeed()}>
            {copied ? (
              <Check aria-hidden className="size-3.5 text-success" />
            ) : (
              <Copy aria-hidden className="size-3.5" />
            )}
            {copied ? "Copied" : "Copy seed"}
          </button>
          {first && g.status === "succeeded" ? (
            <Link to={editPath(g.id, first.index)} className={action} title="Repaint a part or widen the picture">
              <Brush aria-hidden className="size-3.5" /> Edit
            </Link>
          ) : null}
          <PublishButton generation={g} className={action} />
          {confirming ? (
            // biome-ignore lint/a11y/useSemanticElements: two buttons inline in a sentence, not form fields: a fieldset would be the wrong element
            <span
              role="group"
              aria-label="Confirm deletion"
              className="inline-flex items-center gap-1 rounded-full bg-red-50 py-0.5 pl-2.5 pr-0.5 text-xs text-danger ring-1 ring-danger/30"
            >
              Delete for good?
              <button
                type="button"
                disabled={deleting}
                className="rounded-full bg-danger px-2 py-0.5 font-semibold text-white hover:bg-red-800"
                onClick={async () => {
                  setDeleting(true);
                  const ok = await onDelete();
                  if (!ok) setDeleting(false);
                }}
              >
                {deleting ? "Deleting…" : "Delete"}
              </button>
              <button
                type="button"
                className="rounded-full px-2 py-0.5 font-medium text-ink-soft hover:bg-paper"
                onClick={() => setConfirming(false)}
                // biome-ignore lint/a11y/noAutofocus: the confirmation just appeared in place of the button pressed; focus moves to its safe choice
                autoFocus
              >
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              className={cn(action, "hover:text-danger")}
              onClick={() => setConfirming(true)}
              disabled={!finished}
              title={finished ? undefined : "Cancel it first"}
            >
              <Trash2 aria-hidden className="size-3.5" /> Delete
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

export function HistoryList({
  items,
  base,
  signedIn,
  hasMore,
  loadingMore,
  loadMoreError,
  busy,
  onLoadMore,
  onOpen,
  onRerun,
  onVariation,
  onDelete,
}: {
  items: GenerationView[];
  base: string;
  signedIn: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  busy: boolean;
  onLoadMore: () => void;
  onOpen: (generation: GenerationView, index: number) => void;
  onRerun: (generation: GenerationView) => void;
  onVariation: (generation: GenerationView) => void;
  onDelete: (generation: GenerationView) => Promise<boolean>;
}) {
  return (
    <section aria-labelledby="history-title" className="mt-12">
      <div className="flex items-end justify-between gap-4">
        <SectionHeading id="history-title" large className="flex items-center gap-2">
          <HistoryIcon aria-hidden className="size-5 text-accent" /> Your history
        </SectionHeading>
        {items.length > 0 ? <p className="text-sm text-ink-faint">{items.length} shown</p> : null}
      </div>
      {items.length === 0 ? (
        <EmptyState size="page" className="mt-4">
          <Sparkles aria-hidden className="size-8 text-accent" />
          <p className="font-medium text-ink">{signedIn ? "Nothing here yet" : "Sign in to keep a history"}</p>
          <p className="max-w-sm text-sm text-ink-soft">
            {signedIn
              ? "Everything you make appears here, with its seed and settings, ready to download, re-run or vary."
              : "Your creations, their seeds and settings are kept in your account."}
          </p>
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((g) => (
            <HistoryCard
              key={g.id}
              generation={g}
              base={base}
              busy={busy}
              onOpen={(index) => onOpen(g, index)}
              onRerun={() => onRerun(g)}
              onVariation={() => onVariation(g)}
              onDelete={() => onDelete(g)}
            />
          ))}
        </ul>
      )}
      {loadMoreError ? (
        <p role="alert" className="mt-4 text-center text-sm font-medium text-danger">
          {loadMoreError}
        </p>
      ) : null}
      {hasMore ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            onClick={onLoadMore}
            disabled={loadingMore}
            className="inline-flex items-center gap-2 rounded-full bg-paper-raised px-5 py-2.5 text-sm font-semibold text-ink ring-1 ring-line hover:bg-paper-sunken disabled:opacity-60"
          >
            {loadingMore ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
            {loadingMore ? "Loading…" : "Load more"}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** What a viewer can do with an artwork on its detail page: react, download, report, and (creator) edit or unpublish. */
import { ChevronDown, Download, Flag, Pencil, Scale, ThumbsDown, ThumbsUp, Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, inputClass, FieldError, FieldLabel } from "~/components/ui/field";
import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REVIEW_REASON_MAX,
  reportInput,
  reviewRequestInput,
} from "~/lib/community";
import { checkInput } from "~/lib/forms";
import type { ArtworkView } from "~/lib/community-views";
import { apiFailure, ArtworkFields, readArtworkFields } from "./artwork-fields";
import { DialogFormFooter, useDialogForm } from "./dialog-form";
import { formatCompactCount } from "~/lib/format";
import { Modal } from "./modal";

type Reaction = "like" | "dislike" | null;

const pill = (pressed: boolean) =>
  cn(
    "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60",
    pressed
      ? "bg-accent text-paper ring-accent hover:bg-accent-strong"
      : "bg-paper-raised text-ink ring-line hover:bg-paper-sunken",
  );

/** Like and dislike: one reaction per user, switchable and removable; optimistic, rolled back on failure. */
export function Reactions({
  artwork,
  signedIn,
}: {
  artwork: Pick<ArtworkView, "id" | "likes" | "dislikes" | "myReaction">;
  signedIn: boolean;
}) {
  const api = useApiClient();
  const [state, setState] = useState({
    likes: artwork.likes,
    dislikes: artwork.dislikes,
    mine: artwork.myReaction as Reaction,
  });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function react(value: "like" | "dislike") {
    if (pending) return;
    const before = state;
    const next: Reaction = state.mine === value ? null : value;
    const optimistic = { ...state, mine: next };
    if (state.mine === "like") optimistic.likes -= 1;
    if (state.mine === "dislike") optimistic.dislikes -= 1;
    if (next === "like") optimistic.likes += 1;
    if (next === "dislike") optimistic.dislikes += 1;
    setState(optimistic);
    setError(null);
    setPending(true);
    try {
      const answer = await api.put<{ likes: number; dislikes: number; myReaction: Reaction }>(
        `/api/artworks/${artwork.id}/reaction`,
        { json: { value: next } },
      );
      setState({ likes: answer.likes, dislikes: answer.dislikes, mine: answer.myReaction });
    } catch (e) {
      setState(before);
      setError(apiFailure(e).message);
    } finally {
      setPending(false);
    }
  }

  const counts = (kind: "like" | "dislike", n: number): ReactNode => (
    <>
      {kind === "like" ? <ThumbsUp aria-hidden className="size-4" /> : <ThumbsDown aria-hidden className="size-4" />}
      {kind === "like" ? "Like" : "Dislike"}
      <span data-testid={`${kind}-count`} className="tabular-nums">
        {formatCompactCount(n)}
      </span>
    </>
  );

  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset would be the wrong element */}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Reactions">
        {signedIn ? (
          <>
            <button
              type="button"
              aria-pressed={state.mine === "like"}
              className={pill(state.mine === "like")}
              onClick={() => void react("like")}
              aria-label={`Like (${state.likes})`}
            >
              {counts("like", state.likes)}
            </button>
            <button
              type="button"
              aria-pressed={state.mine === "dislike"}
              className={pill(state.mine === "dislike")}
              onClick={() => void react("dislike")}
              aria-label={`Dislike (${state.dislikes})`}
            >
              {counts("dislike", state.dislikes)}
            </button>
          </>
        ) : (
          <>
            <SignInDialogTrigger className={pill(false)}>{counts("like", state.likes)}</SignInDialogTrigger>
            <SignInDialogTrigger className={pill(false)}>{counts("dislike", state.dislikes)}</SignInDialogTrigger>
          </>
        )}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const FORMATS = [
  ["original", "Original"],
  ["png", "PNG"],
  ["webp", "WebP"],
  ["jpeg", "JPEG"],
] as const;

/** The download menu: links with the download attribute; the shown count rises once (repeats in a short window count once). */
export function DownloadMenu({ artworkId, onDownloaded }: { artworkId: string; onDownloaded: () => void }) {
  const counted = useRef(false);
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={menu} className="relative">
      <summary
        className={cn(
          buttonClass({ variant: "secondary", size: "sm" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <Download aria-hidden className="size-4" /> Download <ChevronDown aria-hidden className="size-4" />
      </summary>
      <ul className="absolute left-0 z-20 mt-1 w-44 rounded-2xl border border-line bg-paper-raised p-1.5 shadow-lg">
        {FORMATS.map(([format, label]) => (
          <li key={format}>
            <a
              href={`/api/artworks/${encodeURIComponent(artworkId)}/download?format=${format}`}
              download
              className="block rounded-xl px-3 py-2 text-sm text-ink hover:bg-paper-sunken focus-visible:outline-2 focus-visible:outline-accent"
              onClick={() => {
                if (!counted.current) {
                  counted.current = true;
                  setTimeout(onDownloaded, 300);
                }
                menu.current?.removeAttribute("open");
              }}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Report an artwork or a comment (`url`, its reports API): a reason and details, then thanks. */
export function ReportButton({
  url,
  noun = "artwork",
  signedIn,
  small = false,
}: {
  url: string;
  noun?: "artwork" | "comment";
  signedIn: boolean;
  /** A quiet text button, for a comment's row of actions. */
  small?: boolean;
}) {
  const api = useApiClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const { busy, errors, message, send } = useDialogForm();
  const label = (
    <>
      <Flag aria-hidden className="size-4" /> Report
    </>
  );
  const buttonLook = small
    ? "inline-flex items-center gap-1 text-xs font-medium text-ink-soft hover:text-ink"
    : buttonClass({ variant: "secondary", size: "sm" });
  if (!signedIn) return <SignInDialogTrigger className={buttonLook}>{label}</SignInDialogTrigger>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = checkInput(reportInput, {
      reason: data.get("reason") ?? undefined,
      details: data.get("details") ?? "",
    });
    await send(checked, async (report) => {
      await api.post(url, { json: report });
      setSent(true);
    });
  }

  return (
    <>
      <button
        type="button"
        className={buttonLook}
        onClick={() => setOpen(true)}
        disabled={sent}
        aria-label={small ? `Report this ${noun}` : undefined}
      >
        {label}
      </button>
      {sent && !small ? (
        <p role="status" className="basis-full text-sm font-medium text-success">
          Thanks for the report: the moderators will look at it.
        </p>
      ) : null}
      <Modal open={open} onClose={() => setOpen(false)} title={`Report this ${noun}`}>
        {sent ? (
          <SentNotice onClose={() => setOpen(false)}>Thanks for the report: the moderators will look at it.</SentNotice>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-ink">What is wrong with it?</legend>
              <div className="grid gap-1.5">
                {REPORT_REASONS.map((reason) => (
                  <label
                    key={reason}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
                  >
                    <input type="radio" name="reason" value={reason} className="accent-[var(--color-accent)]" />
                    {REPORT_REASON_LABELS[reason]}
                  </label>
                ))}
              </div>
              <FieldError>{errors.reason}</FieldError>
            </fieldset>
            <div>
              <FieldLabel htmlFor={`${id}-details`}>
                Details <span className="font-normal text-ink-faint">(optional)</span>
              </FieldLabel>
              <textarea
                id={`${id}-details`}
                name="details"
                rows={3}
                maxLength={1000}
                className={cn(inputClass, "resize-y")}
              />
              <FieldError>{errors.details}</FieldError>
            </div>
            <DialogFormFooter message={message} busy={busy} busyLabel="Sending…" onCancel={() => setOpen(false)}>
              Send report
            </DialogFormFooter>
          </form>
        )}
      </Modal>
    </>
  );
}

/** The creator's edit (PATCH) and unpublish (DELETE, confirmed). */
export function OwnerActions({ artwork, onSaved }: { artwork: ArtworkView; onSaved: (artwork: ArtworkView) => void }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const { busy, errors, message, send } = useDialogForm();
  const [unpublishing, setUnpublishing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(readArtworkFields(event.currentTarget), async (changes) => {
      const answer = await api.patch<{ artwork: ArtworkView }>(`/api/artworks/${artwork.id}`, { json: changes });
      onSaved(answer.artwork);
      setEditing(false);
    });
  }

  async function unpublish() {
    setUnpublishing(true);
    setRemoveError(null);
    try {
      await api.delete(`/api/artworks/${artwork.id}`);
      navigate("/community/list", { replace: true });
    } catch (e) {
      setRemoveError(apiFailure(e).message);
      setUnpublishing(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: "sm" })}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden className="size-4" /> Edit
      </button>
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: two buttons inline in a sentence, not form fields: a fieldset would be the wrong element
        <span
          role="group"
          aria-label="Confirm unpublishing"
          className="inline-flex flex-wrap items-center gap-2 rounded-full bg-red-50 py-1 pl-3 pr-1 text-sm text-danger ring-1 ring-danger/30"
        >
          Take it out of the community?
          <button
            type="button"
            disabled={unpublishing}
            className="rounded-full bg-danger px-3 py-1 font-semibold text-white hover:bg-red-800"
            onClick={() => void unpublish()}
          >
            {unpublishing ? "Unpublishing…" : "Unpublish"}
          </button>
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the confirmation just appeared in place of the button pressed; focus moves to its safe choice
            autoFocus
            className="rounded-full px-3 py-1 font-medium text-ink-soft hover:bg-paper"
            onClick={() => setConfirming(false)}
          >
            Keep
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm", className: "hover:text-danger" })}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden className="size-4" /> Unpublish
        </button>
      )}
      {removeError ? (
        <p role="alert" className="basis-full text-sm font-medium text-danger">
          {removeError}
        </p>
      ) : null}
      {artwork.mature ? <ReviewRequest artworkId={artwork.id} /> : null}
      <Modal open={editing} onClose={() => setEditing(false)} title="Edit artwork">
        <form onSubmit={save} noValidate className="grid gap-4">
          <ArtworkFields
            initial={{
              title: artwork.title,
              description: artwork.description,
              tags: artwork.tags,
              showPrompt: artwork.prompt !== null,
              visibility: artwork.visibility,
              mature: artwork.mature,
            }}
            errors={errors}
          />
          <DialogFormFooter message={message} busy={busy} busyLabel="Saving…" onCancel={() => setEditing(false)}>
            Save
          </DialogFormFooter>
        </form>
      </Modal>
    </div>
  );
}

/**
 * The creator of a mature artwork asks for a second look at its rating (issue 40): one request per
 * picture, with a reason; the admins' answer comes as a notification.
 */
function ReviewRequest({ artworkId }: { artworkId: string }) {
  const api = useApiClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const { busy, errors, message, send } = useDialogForm();
  const done =
    "Review requested: an admin will look at the rating, and you will hear the answer in your notifications.";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await send(checkInput(reviewRequestInput, { reason: data.get("reason") ?? "" }), async (request) => {
      await api.post(`/api/artworks/${artworkId}/review`, { json: request });
      setSent(true);
    });
  }

  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: "sm" })}
        onClick={() => setOpen(true)}
        disabled={sent}
      >
        <Scale aria-hidden className="size-4" /> Ask for a review
      </button>
      {sent ? (
        <p role="status" className="basis-full text-sm font-medium text-success">
          {done}
        </p>
      ) : null}
      <Modal open={open} onClose={() => setOpen(false)} title="Ask for a review of the rating">
        {sent ? (
          <SentNotice onClose={() => setOpen(false)}>{done}</SentNotice>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <p className="text-sm text-ink-soft">
              This artwork is rated mature, so only adults who chose to see mature pictures see it. If you think that is
              wrong, say why: an admin will look at it once.
            </p>
            <div>
              <FieldLabel htmlFor={`${id}-reason`}>Why is it not mature?</FieldLabel>
              <textarea
                id={`${id}-reason`}
                name="reason"
                rows={3}
                required
                maxLength={REVIEW_REASON_MAX}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                className={cn(inputClass, "resize-y")}
              />
              <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError>
            </div>
            <DialogFormFooter message={message} busy={busy} busyLabel="Sending…" onCancel={() => setOpen(false)}>
              Ask for a review
            </DialogFormFooter>
          </form>
        )}
      </Modal>
    </>
  );
}

/** What a dialog shows once what it sent was taken: the thanks, and a button to close it. */
function SentNotice({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <div className="grid gap-4">
      <FormMessage tone="success">{children}</FormMessage>
      <button type="button" className={buttonClass({ size: "sm", className: "justify-self-end" })} onClick={onClose}>
        Close
      </button>
    </div>
  );
}

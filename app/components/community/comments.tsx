/**
 * The conversation under an artwork (issue 30): write, reply one level deep, edit your own within
 * 15 minutes, delete your own (or any, under your own work), report. Comments are text only: known
 * `@handle`s link to the person, addresses link only for established accounts (app/lib/comments.ts).
 */
import { MessageCircle, Pencil, Reply, Trash2 } from "lucide-react";
import { type FormEvent, useCallback, useId, useState } from "react";
import { Link } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { buttonClass } from "~/components/ui/button";
import { FieldError, inputClass } from "~/components/ui/field";
import { SectionHeading } from "~/components/ui/page-heading";
import { When } from "~/components/when";
import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import {
  COMMENT_MAX,
  type CommentPage,
  type CommentView,
  commentEditInput,
  commentInput,
  commentPieces,
  stillEditable,
} from "~/lib/comments";
import { creatorPath } from "~/lib/creator-views";
import { checkInput } from "~/lib/forms";
import { apiFailure } from "./artwork-fields";
import { ReportButton } from "./artwork-actions";
import { CreatorAvatar } from "./artwork-card";
import { MemberBadge } from "./member-badge";
import { ConfirmDialog } from "./modal";

interface Viewer {
  /** The signed-in person, or null. */
  id: string | null;
  /** The artwork is theirs: they may delete any comment under it. */
  ownsArtwork: boolean;
}

export function Comments({ artworkId, initial, viewer }: { artworkId: string; initial: CommentPage; viewer: Viewer }) {
  const api = useApiClient();
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [nextCursor, setNextCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoading(true);
    setLoadError(null);
    try {
      const more = await api.get<CommentPage>(
        `/api/artworks/${artworkId}/comments?cursor=${encodeURIComponent(nextCursor)}`,
      );
      setItems((current) => {
        const seen = new Set(current.map((c) => c.id));
        return [...current, ...more.items.filter((c) => !seen.has(c.id))];
      });
      setNextCursor(more.nextCursor);
    } catch (e) {
      setLoadError(apiFailure(e).message);
    } finally {
      setLoading(false);
    }
  }, [api, artworkId, nextCursor]);

  const added = (comment: CommentView) => {
    setTotal((n) => n + 1);
    setItems((current) =>
      comment.parentId
        ? current.map((c) => (c.id === comment.parentId ? { ...c, replies: [...c.replies, comment] } : c))
        : [...current, comment],
    );
  };
  const changed = (comment: CommentView) =>
    setItems((current) =>
      current.map((c) =>
        c.id === comment.id
          ? { ...comment, replies: c.replies }
          : { ...c, replies: c.replies.map((r) => (r.id === comment.id ? comment : r)) },
      ),
    );
  const removed = (comment: CommentView) => {
    setTotal((n) => Math.max(0, n - 1 - comment.replies.length));
    setItems((current) =>
      current
        .filter((c) => c.id !== comment.id)
        .map((c) => ({ ...c, replies: c.replies.filter((r) => r.id !== comment.id) })),
    );
  };

  return (
    <section aria-labelledby="comments-title" className="mt-14 max-w-3xl">
      <SectionHeading id="comments-title" large className="mb-4 flex items-center gap-2">
        <MessageCircle aria-hidden className="size-6 text-accent" /> Comments
        <span className="text-base font-normal text-ink-soft" data-testid="comment-count">
          ({total})
        </span>
      </SectionHeading>
      {viewer.id ? (
        <CommentForm artworkId={artworkId} label="Add a comment" onDone={added} />
      ) : (
        <p className="text-ink-soft">
          <SignInDialogTrigger className="font-semibold text-accent underline-offset-4 hover:underline">
            Sign in
          </SignInDialogTrigger>{" "}
          to join the conversation.
        </p>
      )}
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-ink-soft">No comments yet. Say what you like about it.</p>
      ) : (
        <ol className="mt-6 grid gap-5">
          {items.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                artworkId={artworkId}
                viewer={viewer}
                onAdded={added}
                onChanged={changed}
                onRemoved={removed}
              />
              {comment.replies.length > 0 ? (
                <ol className="mt-3 grid gap-3 border-l-2 border-line pl-4 sm:ml-10">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem
                        comment={reply}
                        artworkId={artworkId}
                        viewer={viewer}
                        onAdded={added}
                        onChanged={changed}
                        onRemoved={removed}
                      />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {nextCursor ? (
        <div className="mt-6 flex flex-col items-start gap-2">
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "sm" })}
            disabled={loading}
            onClick={() => void loadMore()}
          >
            {loading ? "Loading…" : "Show more comments"}
          </button>
          {loadError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {loadError}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A comment's text: never HTML. */
function CommentBody({ comment }: { comment: CommentView }) {
  return (
    <p className="mt-1 whitespace-pre-line break-words text-ink">
      {commentPieces(comment).map((piece, i) => {
        const key = `${i}-${piece.kind}`;
        if (piece.kind === "mention")
          return (
            <Link key={key} to={creatorPath(piece.handle)} className="font-medium text-accent hover:underline">
              {piece.text}
            </Link>
          );
        if (piece.kind === "link" && piece.href)
          return (
            <a
              key={key}
              href={piece.href}
              rel="nofollow ugc noopener noreferrer"
              target="_blank"
              className="text-accent underline underline-offset-2"
            >
              {piece.text}
            </a>
          );
        return <span key={key}>{piece.text}</span>;
      })}
    </p>
  );
}

function CommentItem({
  comment,
  artworkId,
  viewer,
  onAdded,
  onChanged,
  onRemoved,
}: {
  comment: CommentView;
  artworkId: string;
  viewer: Viewer;
  onAdded: (comment: CommentView) => void;
  onChanged: (comment: CommentView) => void;
  onRemoved: (comment: CommentView) => void;
}) {
  const api = useApiClient();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = viewer.id === comment.author.id;
  const canDelete = mine || viewer.ownsArtwork;

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await api.delete(`/api/comments/${comment.id}`);
      setDeleting(false);
      onRemoved(comment);
    } catch (e) {
      setError(apiFailure(e).message);
    } finally {
      setBusy(false);
    }
  }

  const action = "inline-flex items-center gap-1 text-xs font-medium text-ink-soft hover:text-ink";
  return (
    <article className="flex gap-3" data-testid="comment" aria-label={`Comment by ${comment.author.name}`}>
      <CreatorAvatar creator={comment.author} size={32} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link to={creatorPath(comment.author.handle)} className="font-semibold text-ink hover:underline">
            {comment.author.name}
          </Link>
          <MemberBadge badge={comment.author.badge} className="self-center" />
          <span className="text-xs text-ink-faint">
            <When value={comment.createdAt} style="dateTime" />
            {comment.editedAt ? " · edited" : null}
          </span>
        </p>
        {editing ? (
          <EditForm
            comment={comment}
            onDone={(changed) => {
              setEditing(false);
              onChanged(changed);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <CommentBody comment={comment} />
        )}
        {viewer.id && !editing ? (
          <div className="mt-1.5 flex flex-wrap items-center gap-4">
            {comment.parentId ? null : (
              <button type="button" className={action} onClick={() => setReplying((v) => !v)}>
                <Reply aria-hidden className="size-3.5" /> Reply
              </button>
            )}
            {mine && stillEditable(comment.createdAt) ? (
              <button type="button" className={action} onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-3.5" /> Edit
              </button>
            ) : null}
            {canDelete ? (
              <button type="button" className={action} onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden className="size-3.5" /> Delete
              </button>
            ) : null}
            {mine ? null : <ReportButton url={`/api/comments/${comment.id}/reports`} noun="comment" signedIn small />}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        {replying ? (
          <div className="mt-3">
            <CommentForm
              artworkId={artworkId}
              parentId={comment.id}
              label={`Reply to ${comment.author.name}`}
              autoFocus
              onDone={(reply) => {
                setReplying(false);
                onAdded(reply);
              }}
              onCancel={() => setReplying(false)}
            />
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this comment?"
        error={error}
        busy={busy}
        action="Delete comment"
        onConfirm={() => void remove()}
      >
        {comment.replies.length > 0 ? "Its replies go with it. " : null}This cannot be undone.
      </ConfirmDialog>
    </article>
  );
}

function CommentForm({
  artworkId,
  parentId,
  label,
  autoFocus = false,
  onDone,
  onCancel,
}: {
  artworkId: string;
  parentId?: string;
  label: string;
  autoFocus?: boolean;
  onDone: (comment: CommentView) => void;
  onCancel?: () => void;
}) {
  const api = useApiClient();
  const id = useId();
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkInput(commentInput, { body, parentId: parentId ?? null });
    if (!checked.ok) {
      setError(checked.fields.body ?? Object.values(checked.fields)[0] ?? "Write a comment");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ comment: CommentView }>(`/api/artworks/${artworkId}/comments`, {
        json: checked.value,
      });
      setBody("");
      onDone(answer.comment);
    } catch (e) {
      const failure = apiFailure(e);
      setError(failure.fields.body ?? failure.fields.parentId ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={parentId ? 2 : 3}
        maxLength={COMMENT_MAX}
        placeholder={parentId ? "Write a reply…" : "Add a comment… Mention someone with @handle."}
        // biome-ignore lint/a11y/noAutofocus: the reply box opens because the person asked to reply
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(inputClass, "resize-y")}
      />
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
          {busy ? "Posting…" : parentId ? "Reply" : "Post comment"}
        </button>
        {onCancel ? (
          <button type="button" className={buttonClass({ variant: "secondary", size: "sm" })} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function EditForm({
  comment,
  onDone,
  onCancel,
}: {
  comment: CommentView;
  onDone: (comment: CommentView) => void;
  onCancel: () => void;
}) {
  const api = useApiClient();
  const id = useId();
  const [body, setBody] = useState(comment.body);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkInput(commentEditInput, { body });
    if (!checked.ok) {
      setError(checked.fields.body ?? "Write a comment");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.patch<{ comment: CommentView }>(`/api/comments/${comment.id}`, { json: checked.value });
      onDone(answer.comment);
    } catch (e) {
      const failure = apiFailure(e);
      setError(failure.fields.body ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-1 grid gap-2">
      <label htmlFor={id} className="sr-only">
        Change your comment
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={3}
        maxLength={COMMENT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(inputClass, "resize-y")}
      />
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
        <button type="button" className={buttonClass({ variant: "secondary", size: "sm" })} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

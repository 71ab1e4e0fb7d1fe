/**
 * Comments under an artwork (issue 30): the inputs the server validates and the views it answers,
 * shared by the server and the page.
 *
 *   GET    /api/artworks/{id}/comments?cursor=   → CommentPage (top-level comments oldest first, each with its replies)
 *   POST   /api/artworks/{id}/comments           commentInput → 201 { comment }
 *   PATCH  /api/comments/{id}                    { body } (author, within 15 minutes) → { comment }
 *   DELETE /api/comments/{id}                    (author, or the artwork's owner) → { ok: true }
 *   POST   /api/comments/{id}/reports            reportInput → 201 { ok: true }
 */
import { z } from "zod";

export const COMMENT_MAX = 2000;
/** How long after posting its author may still change a comment. */
export const COMMENT_EDIT_MINUTES = 15;
/** Top-level comments per page, each with all its replies; "Show more comments" fetches the next. */
export const COMMENT_PAGE = 20;
/** An account younger than this writes links that are shown but not clickable. */
export const LINKS_AFTER_DAYS = 7;
/** At most this many people are told of one comment's mentions. */
export const MENTIONS_MAX = 5;

const body = z
  .string({ error: "Write a comment" })
  .trim()
  .min(1, "Write a comment")
  .max(COMMENT_MAX, `Keep a comment under ${COMMENT_MAX} characters`)
  .transform((value) => value.replace(/\r\n?/g, "\n").replace(/\n{3,}/g, "\n\n"));

export const commentInput = z.object({
  body,
  /** The top-level comment this one answers. */
  parentId: z.uuid({ error: "That comment does not exist" }).nullish(),
});

export const commentEditInput = z.object({ body });

export interface CommentAuthor {
  id: string;
  handle: string;
  name: string;
  image: string | null;
  /** A member's badge (their plan's, issue 41), shown beside their name; null for everyone else. */
  badge: string | null;
}

export interface CommentView {
  id: string;
  parentId: string | null;
  body: string;
  author: CommentAuthor;
  createdAt: string;
  editedAt: string | null;
  /** Links in the body may be clickable: the author's account is older than LINKS_AFTER_DAYS. */
  linksAllowed: boolean;
  /** The `@handle`s in the body that name someone, to link them. */
  mentions: string[];
  replies: CommentView[];
}

export interface CommentPage {
  items: CommentView[];
  nextCursor: string | null;
  /** Visible comments under the artwork, replies included. */
  total: number;
}

/** The `@handle`s a text names, lower-cased, each once, in order. */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(^|[^\w@/.-])@([A-Za-z0-9_-]{3,30})(?![\w-])/g))
    found.add(match[2]!.toLowerCase());
  return [...found];
}

/** Whether a comment posted at `createdAt` may still be edited by its author. */
export function stillEditable(createdAt: string | Date, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < COMMENT_EDIT_MINUTES * 60_000;
}

/** A comment's text in pieces: plain text, a link to a person, or an address (clickable or not). */
export type CommentPiece =
  | { kind: "text"; text: string }
  | { kind: "mention"; text: string; handle: string }
  | { kind: "link"; text: string; href: string | null };

/**
 * Splits a comment into what the page renders: never HTML. Known `@handle`s become links to the
 * person; addresses become links only when the author may post them, else stay text.
 */
export function commentPieces(comment: Pick<CommentView, "body" | "mentions" | "linksAllowed">): CommentPiece[] {
  const known = new Set(comment.mentions);
  const pieces: CommentPiece[] = [];
  const pattern = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])|(^|[^\w@/.-])@([A-Za-z0-9_-]{3,30})(?![\w-])/g;
  let at = 0;
  for (const match of comment.body.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (match[1]) {
      if (start > at) pieces.push({ kind: "text", text: comment.body.slice(at, start) });
      pieces.push({ kind: "link", text: match[1], href: comment.linksAllowed ? match[1] : null });
      at = start + match[1].length;
      continue;
    }
    const lead = match[2] ?? "";
    const handle = (match[3] ?? "").toLowerCase();
    if (!known.has(handle)) continue;
    const mentionStart = start + lead.length;
    if (mentionStart > at) pieces.push({ kind: "text", text: comment.body.slice(at, mentionStart) });
    pieces.push({ kind: "mention", text: `@${match[3]}`, handle });
    at = mentionStart + 1 + (match[3] ?? "").length;
  }
  if (at < comment.body.length) pieces.push({ kind: "text", text: comment.body.slice(at) });
  return pieces;
}

/**
 * Creators (issue 30): handles, bios, creator pages, follows and hidden people — the inputs every
 * form and API validates with, and the views they answer, shared by server and pages.
 *
 *   GET    /api/creators/{handle}                         → { creator: CreatorProfile }
 *   GET    /api/creators/{handle}/artworks?cursor=        → ArtworkPage (their public works, newest first)
 *   GET    /api/creators/{handle}/followers?cursor=       → PeoplePage
 *   GET    /api/creators/{handle}/following?cursor=       → PeoplePage
 *   PUT    /api/creators/{handle}/follow                  → FollowState     (signed in)
 *   DELETE /api/creators/{handle}/follow                  → FollowState
 *   PUT    /api/creators/{handle}/hide                    → { hidden: true } (also ends follows both ways)
 *   DELETE /api/creators/{handle}/hide                    → { hidden: false }
 *   GET    /api/feed/following?cursor=                    → ArtworkPage (works of the people you follow)
 *
 * The views and the page addresses, which pages load without the validation library, are in
 * creator-views.ts.
 */
import { z } from "zod";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
export const BIO_MAX = 300;

/** How long a handle given up keeps sending visitors on, and stays out of others' reach. */
export const HANDLE_REDIRECT_DAYS = 30;

/**
 * Words that name the site's own places, roles or nothing at all: as a handle they would pass for
 * Atelier speaking, or for a page.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  "about",
  "about-us",
  "account",
  "admin",
  "administrator",
  "ai",
  "api",
  "assets",
  "atelier",
  "billing",
  "builds",
  "challenge",
  "challenges",
  "collection",
  "collections",
  "community",
  "contact",
  "creator",
  "creators",
  "dev",
  "developers",
  "everyone",
  "feed",
  "follow",
  "followers",
  "following",
  "help",
  "login",
  "logout",
  "me",
  "mod",
  "moderator",
  "new",
  "notifications",
  "null",
  "official",
  "owner",
  "pricing",
  "root",
  "security",
  "settings",
  "sign-up",
  "signup",
  "staff",
  "studio",
  "support",
  "system",
  "team",
  "undefined",
  "user",
  "user-profile",
  "www",
]);

/** A handle as people type it: trimmed, an optional leading "@" dropped, lower-cased. */
export const handleInput = z
  .string({ error: "Choose a handle" })
  .trim()
  .transform((value) => value.replace(/^@/, "").toLowerCase())
  .pipe(
    z
      .string()
      .min(HANDLE_MIN, `A handle has at least ${HANDLE_MIN} characters`)
      .max(HANDLE_MAX, `A handle has at most ${HANDLE_MAX} characters`)
      .regex(/^[a-z0-9_-]+$/, "Use letters, digits, _ and - only")
      .refine((value) => !RESERVED_HANDLES.has(value), "That handle is reserved: choose another"),
  );

/** Whether a path segment could be a handle at all (pages answer 404 without a query otherwise). */
export function isHandleShaped(value: string): boolean {
  return value.length >= HANDLE_MIN && value.length <= HANDLE_MAX && /^[A-Za-z0-9_-]+$/.test(value);
}

export const bioInput = z
  .string()
  .trim()
  .max(BIO_MAX, `A bio has at most ${BIO_MAX} characters`)
  // One blank line at most between paragraphs; the page shows it as plain text.
  .transform((value) => value.replace(/\r\n?/g, "\n").replace(/\n{3,}/g, "\n\n"));

export const creatorProfileInput = z.object({ handle: handleInput, bio: bioInput });

export * from "./creator-views";

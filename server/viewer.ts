/**
 * The signed-in person as every page's header shows them (ADR 0050): name, picture, admin or not,
 * token balance and unread notifications — and the people they hid, whose works the community's
 * lists leave out in the browser (issue 30). The balance and the count are kept in this process per
 * person and forgotten the moment the database announces a change to what that person sees
 * (`personal:<id>`, `user:<id>`, migrations 0013 and 0016) or anything at all ("unknown": a lost
 * change feed), and after a second in any case, so a page view reads nothing it read a second ago
 * and a change made anywhere shows on the next one. A request that may write forgets the person of
 * its cookies before and after it runs (`forgetViewerOfWriter`), so their own change shows at once
 * even before the database's message arrives. On a page rendered once for every signed-in person
 * (server/signed-in-pages.ts) the viewer is a stand-in of the class, with no values of anyone.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Viewer as ViewerValues } from "~/lib/viewer";
import { getUser, SHARED_VIEWER_ID, type SessionUser } from "./auth/guards";
import { getDb } from "./db/client";
import { isWatched, onDatabaseChange } from "./db/change-feed";
import { getBalanceParts } from "./commerce/memberships/allowance-view";
import { countUnreadNotifications } from "./notify/notifications";
import { listHiddenIds } from "./community/follows";

/** The header's values (app/lib/viewer.ts), or a stand-in for every signed-in person (admin or not) on a page rendered once for all of them. */
export type Viewer = ViewerValues & { shared?: true };

/** How long a person's numbers are trusted when no change is heard: a lost message costs a second at most. */
export const VIEWER_NUMBERS_MS = 1_000;
/** People whose numbers are kept at once; the oldest go first (a few hundred bytes each). */
export const MAX_KEPT_VIEWERS = 10_000;

interface Numbers {
  tokens: number;
  /** A member's allowance, part of `tokens` (issue 41); absent when they have none. */
  allowance?: ViewerValues["allowance"];
  unreadNotifications: number;
  /** The people this person hid (issue 30): lists rendered for everyone leave their works out. */
  hidden: string[];
  readAt: number;
}

/** By user id, oldest first. */
const kept = new Map<string, Numbers>();
/** Reads under way, so many requests of one person at once read once. */
const reading = new Map<string, Promise<Numbers>>();
/** Whose session token (the start of the cookie's value) is whose, to forget a writer's numbers. */
const ownerOfToken = new Map<string, string>();
/** Bumped by every change heard: a read that started before a change of its person is not kept. */
let generation = 0;
const changedAt = new Map<string, number>();

function forget(userId: string): void {
  generation++;
  changedAt.set(userId, generation);
  if (changedAt.size > MAX_KEPT_VIEWERS) changedAt.delete(changedAt.keys().next().value!);
  kept.delete(userId);
  reading.delete(userId);
}

function forgetEveryone(): void {
  generation++;
  changedAt.clear();
  everyoneChangedAt = generation;
  kept.clear();
  reading.clear();
}
let everyoneChangedAt = 0;

onDatabaseChange((change) => {
  if (change.kind === "personal" || change.kind === "user") forget(change.userId);
  else if (change.kind === "unknown") forgetEveryone();
});

async function readNumbers(userId: string): Promise<Numbers> {
  const db = getDb();
  // Without a change feed (scripts, some tests) nothing may be kept: every read goes to the database.
  if (!isWatched(db)) return readFresh(userId);
  const now = Date.now();
  const known = kept.get(userId);
  if (known && now - known.readAt < VIEWER_NUMBERS_MS) return known;
  const under = reading.get(userId);
  if (under) return under;
  const started = generation;
  const read = readFresh(userId).then((numbers) => {
    if (reading.get(userId) === read) reading.delete(userId);
    const changed = (changedAt.get(userId) ?? 0) > started || everyoneChangedAt > started;
    if (!changed) {
      kept.delete(userId);
      kept.set(userId, numbers);
      while (kept.size > MAX_KEPT_VIEWERS) kept.delete(kept.keys().next().value!);
    }
    return numbers;
  });
  reading.set(userId, read);
  return read;
}

async function readFresh(userId: string): Promise<Numbers> {
  const db = getDb();
  const [unreadNotifications, balance, hidden] = await Promise.all([
    countUnreadNotifications(db, userId),
    getBalanceParts(db, userId),
    listHiddenIds(db, userId),
  ]);
  const allowance =
    balance.allowance > 0
      ? { tokens: balance.allowance, endsAt: balance.allowanceEndsAt?.toISOString() ?? null, plan: balance.plan }
      : undefined;
  return {
    tokens: balance.balance,
    ...(allowance ? { allowance } : {}),
    unreadNotifications,
    hidden,
    readAt: Date.now(),
  };
}

/** The person a request is signed in as, as the header shows them; null for a visitor. */
export async function loadViewer(request: Request): Promise<Viewer | null> {
  const user = await getUser(request);
  if (!user) return null;
  if (user.userUid === SHARED_VIEWER_ID)
    return { name: "", image: null, isAdmin: user.isAdmin, unreadNotifications: 0, tokens: 0, shared: true };
  noteOwner(request.headers.get("cookie"), user);
  const { tokens, allowance, unreadNotifications, hidden } = await readNumbers(user.userUid);
  return {
    name: user.name,
    image: user.image,
    isAdmin: user.isAdmin,
    unreadNotifications,
    tokens,
    ...(allowance ? { allowance } : {}),
    ...(hidden.length ? { hidden } : {}),
  };
}

/** The session token in a Cookie header (signed value; it names one session), or undefined. */
function sessionTokenOf(cookie: string | null | undefined): string | undefined {
  if (!cookie) return undefined;
  const match = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=([^;]+)/.exec(cookie);
  return match?.[1];
}

function noteOwner(cookie: string | null, user: SessionUser): void {
  const token = sessionTokenOf(cookie);
  if (!token || ownerOfToken.get(token) === user.userUid) return;
  ownerOfToken.set(token, user.userUid);
  if (ownerOfToken.size > MAX_KEPT_VIEWERS) ownerOfToken.delete(ownerOfToken.keys().next().value!);
}

/**
 * A request that may write (a purchase, a mark as read, a generation) forgets its person's numbers
 * when it starts and when it ends: their next page shows what they just did.
 */
export function forgetViewerOfWriter(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === "GET" || req.method === "HEAD") return;
  const token = sessionTokenOf(req.headers.cookie);
  const userId = token ? ownerOfToken.get(token) : undefined;
  if (!userId) return;
  forget(userId);
  res.once("close", () => forget(userId));
}

/** How many people's numbers this process keeps (the memory benchmark reads it). */
export function keptViewerCount(): number {
  return kept.size;
}

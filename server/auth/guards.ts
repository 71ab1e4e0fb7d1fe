/**
 * Throwing guards for loaders, actions and middleware: the server decides who sees what.
 * The spec's user document: user_uid, email, is_admin (spec §3, §6).
 */
import { redirect, redirectDocument } from "react-router";
import { type BrowsingLevel, browsingLevelOf } from "../../app/lib/community-constants";
import { getConfig } from "../config";
import { onDatabaseChange } from "../db/change-feed";
import { ApiError } from "../http/api";
import { requestScope } from "../http/request-context";
import { getAuth } from "./auth";

export interface SessionUser {
  userUid: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The account's picture (a URL), or null. */
  image: string | null;
  /** When the account was made. */
  createdAt: Date;
  /** The id of the session this request signed in with (never its token): marks "this device" on the profile. */
  sessionId: string;
  /** What they chose to see (issue 40): general unless they opted into mature on their profile. */
  browsingLevel: BrowsingLevel;
}

/** The kind of signed-in person a page rendered once for many is rendered for (ADR 0050). */
export interface ViewerKind {
  isAdmin: boolean;
  browsingLevel: BrowsingLevel;
}

/*
 * Sessions are read once per request, usually from the signed cookie Better Auth keeps beside
 * the session token (ADR 0026). When the database says a user's sessions or account changed
 * (sign-out elsewhere, ban, new name or role), that user's cookie copies are not trusted for one
 * cache window: their requests read the session table until every copy made before has expired.
 */
const changedUntil = new Map<string, number>();
let everyoneChangedUntil = 0;

onDatabaseChange((change) => {
  // `user:<id>` comes from the triggers of migration 0013 and, for a changed browsing level, from
  // setBrowsingLevel (server/safety/browsing-level.ts), which announces it in its own transaction.
  if (change.kind === "table" || change.kind === "generation" || change.kind === "personal") return;
  const until = Date.now() + getConfig().sessionCacheSeconds * 1000;
  if (change.kind === "unknown") {
    everyoneChangedUntil = until;
    return;
  }
  if (changedUntil.size > 10_000) for (const [id, time] of changedUntil) if (time < Date.now()) changedUntil.delete(id);
  changedUntil.set(change.userId, until);
});

function changedRecently(userId: string): boolean {
  const now = Date.now();
  return everyoneChangedUntil > now || (changedUntil.get(userId) ?? 0) > now;
}

/**
 * For Better Auth's own `/api/auth/get-session`, which reads the cookie copy by itself: true when
 * that copy belongs to someone whose sessions or account changed within the window, so the
 * endpoint must read the session table instead (server/auth/http-guard.ts).
 */
export async function cookieCopyIsDistrusted(request: Request): Promise<boolean> {
  if (!request.headers.get("cookie")?.includes("session_data=")) return false;
  if (everyoneChangedUntil > Date.now()) return true;
  const copy = await getAuth().api.getSession({ headers: request.headers });
  return copy !== null && changedRecently(copy.user.id);
}

async function readSession(request: Request, fromDatabase: boolean): Promise<SessionUser | null> {
  // No session cookie (most visitors): nothing to ask Better Auth, which would answer null too.
  if (!request.headers.get("cookie")?.includes("session_token=")) return null;
  const auth = getAuth();
  const ask = (disableCookieCache: boolean) =>
    auth.api.getSession({
      headers: request.headers,
      query: disableCookieCache ? { disableCookieCache: true } : {},
      returnHeaders: true,
    });
  let { headers, response } = await ask(fromDatabase);
  // A copy from the cookie (no fresh one was set) of someone whose account just changed: ask the table.
  if (response && !fromDatabase && headers.getSetCookie().length === 0 && changedRecently(response.user.id))
    ({ headers, response } = await ask(true));
  requestScope.getStore()?.cookiesToSend.push(...headers.getSetCookie());
  if (!response || response.user.banned) return null;
  return {
    userUid: response.user.id,
    email: response.user.email,
    name: response.user.name,
    isAdmin: response.user.role === "admin",
    image: response.user.image ?? null,
    createdAt: response.user.createdAt,
    sessionId: response.session.id,
    browsingLevel: browsingLevelOf(response.user.browsingLevel),
  };
}

/**
 * The user id of the stand-in a page rendered once for every signed-in person is rendered for
 * (ADR 0050): no account has it, so nothing of anyone can be read for it.
 */
export const SHARED_VIEWER_ID = "00000000-0000-4000-8000-000000000000";

function sharedViewer(kind: ViewerKind): SessionUser {
  return {
    userUid: SHARED_VIEWER_ID,
    email: "",
    name: "",
    isAdmin: kind.isAdmin,
    image: null,
    createdAt: new Date(0),
    sessionId: "",
    browsingLevel: kind.browsingLevel,
  };
}

/**
 * The signed-in user of a request, or null; read once per request however many loaders ask.
 * `fromDatabase` skips the cookie copy: for decisions that must see a ban or a lost role at once.
 */
export function getUser(request: Request, options: { fromDatabase?: boolean } = {}): Promise<SessionUser | null> {
  const fromDatabase = options.fromDatabase === true;
  const shared = requestScope.getStore()?.sharedViewer;
  // Admin rights are never taken from a stand-in: an admin decision reads a real session.
  if (shared) return Promise.resolve(fromDatabase ? null : sharedViewer(shared));
  const reads = requestScope.getStore()?.sessionReads;
  if (!reads) return readSession(request, fromDatabase);
  const key = `${fromDatabase}:${request.headers.get("cookie") ?? ""}:${request.headers.get("authorization") ?? ""}`;
  let read = reads.get(key) as Promise<SessionUser | null> | undefined;
  if (!read) {
    read = readSession(request, fromDatabase);
    reads.set(key, read);
  }
  return read;
}

/**
 * Cookies the session reads of this request want the browser to keep (a refreshed cookie copy,
 * a renewed session): the root middleware adds them to the response.
 */
export function takeSessionCookies(): string[] {
  const store = requestScope.getStore();
  return store ? store.cookiesToSend.splice(0) : [];
}

/** Admin pages and actions: anyone else goes to '/' with a full reload (spec §4 admin check). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  // Admin rights are read from the session table every time: a removed admin loses them at once.
  const user = await getUser(request, { fromDatabase: true }).catch(() => null); // an admin-check error also leads to '/'
  if (!user?.isAdmin) throw redirectDocument("/");
  return user;
}

/** The login area sends a signed-in admin to the dashboard (spec §2, §6). */
export async function redirectAdminFromLoginArea(request: Request): Promise<void> {
  const user = await getUser(request);
  if (user?.isAdmin) throw redirect("/admin/dashboard");
}

/** Pages and actions for signed-in people: others go to sign in and come back. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  return user;
}

/** For JSON APIs: 401 when signed out, never a redirect. */
export async function requireUserForApi(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw new ApiError("unauthorized", "Sign in first");
  return user;
}

/** For admin JSON APIs: 401 when signed out, 403 for anyone who is not an admin (spec §6). */
export async function requireAdminForApi(request: Request): Promise<SessionUser> {
  const user = await getUser(request, { fromDatabase: true });
  if (!user) throw new ApiError("unauthorized", "Sign in first");
  if (!user.isAdmin) throw new ApiError("forbidden", "Only administrators can do this");
  return user;
}

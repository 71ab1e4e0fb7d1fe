/**
 * Throwing guards for loaders, actions and middleware: the server decides who sees what.
 * The spec's user document: user_uid, email, is_admin (spec §3, §6).
 */
import { redirect, redirectDocument } from "react-router";
import { ApiError } from "../http/api";
import { getAuth } from "./auth";

export interface SessionUser {
  userUid: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

/** The signed-in user of a request, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result || result.user.banned) return null;
  return { userUid: result.user.id, email: result.user.email, name: result.user.name, isAdmin: result.user.role === "admin" };
}

/** Admin pages and actions: anyone else goes to '/' with a full reload (spec §4 admin check). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getUser(request).catch(() => null); // an admin-check error also leads to '/'
  if (!user || !user.isAdmin) throw redirectDocument("/");
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
  if (!user) throw new ApiError(401, "unauthorized", "Sign in first");
  return user;
}

/** For admin JSON APIs: 401 when signed out, 403 for anyone who is not an admin (spec §6). */
export async function requireAdminForApi(request: Request): Promise<SessionUser> {
  const user = await requireUserForApi(request);
  if (!user.isAdmin) throw new ApiError(403, "forbidden", "Only administrators can do this");
  return user;
}

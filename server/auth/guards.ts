/**
 * Throwing guards for loaders, actions and middleware: the server decides who sees what.
 * Sessions arrive with the accounts work; until then nobody is signed in, so every admin
 * page sends its visitor to '/' (spec §4, §6: "a redirect to '/' with a reload").
 */
import { redirectDocument } from "react-router";

export interface SessionUser {
  userUid: string;
  email: string;
  isAdmin: boolean;
}

/** The signed-in user of a request, or null. */
export async function getUser(_request: Request): Promise<SessionUser | null> {
  return null;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user || !user.isAdmin) throw redirectDocument("/");
  return user;
}

/**
 * How often one signed-in user may make each of the API's costlier requests, and what the refusal
 * says, in one place (the account forms' limits are in limits.ts). Counted per user in
 * the database, so they hold across processes.
 */
import type { Database } from "../db/client";
import { enforceRateLimit } from "../http/api";
import { requireUserForApi, type SessionUser } from "./guards";

const MINUTE = 60_000;

export const USER_API_LIMITS = {
  "artworks:publish": {
    limit: 30,
    windowMs: MINUTE,
    message: "You are publishing very quickly. Wait a minute and try again.",
  },
  "artworks:reaction": {
    limit: 120,
    windowMs: MINUTE,
    message: "You are reacting very quickly. Wait a minute and try again.",
  },
  "artworks:report": {
    limit: 10,
    windowMs: 60 * MINUTE,
    message: "You have sent many reports this hour. Thank you; try again later.",
  },
  "comments:create": {
    limit: 10,
    windowMs: MINUTE,
    message: "You are commenting very quickly. Wait a minute and try again.",
  },
  "comments:change": {
    limit: 30,
    windowMs: MINUTE,
    message: "You are changing comments very quickly. Wait a minute and try again.",
  },
  "comments:report": {
    limit: 10,
    windowMs: 60 * MINUTE,
    message: "You have sent many reports this hour. Thank you; try again later.",
  },
  "collections:change": {
    limit: 60,
    windowMs: MINUTE,
    message: "You are changing collections very quickly. Wait a minute and try again.",
  },
  "challenges:enter": {
    limit: 20,
    windowMs: MINUTE,
    message: "You are entering very quickly. Wait a minute and try again.",
  },
  "challenges:vote": {
    limit: 60,
    windowMs: MINUTE,
    message: "You are voting very quickly. Wait a minute and try again.",
  },
  "creators:follow": {
    limit: 60,
    windowMs: MINUTE,
    message: "You are following and unfollowing very quickly. Wait a minute and try again.",
  },
  "creators:hide": {
    limit: 30,
    windowMs: MINUTE,
    message: "You are hiding people very quickly. Wait a minute and try again.",
  },
  checkout: {
    limit: 20,
    windowMs: 10 * MINUTE,
    message: "Too many checkouts in a short time. Wait a few minutes and try again.",
  },
  "generation:create": {
    limit: 60,
    windowMs: MINUTE,
    message: "You are starting pictures very quickly. Wait a minute and try again.",
  },
  "access-tokens:change": {
    limit: 20,
    windowMs: MINUTE,
    message: "You are making and revoking tokens very quickly. Wait a minute and try again.",
  },
  "image-edit:create": {
    limit: 20,
    windowMs: MINUTE,
    message: "You are starting edits very quickly. Wait a minute and try again.",
  },
} as const;

export type UserApiLimit = keyof typeof USER_API_LIMITS;

/** The signed-in user (401 otherwise), after counting this request against their own `name` limit (429 over it). */
export async function requireUserWithinLimit(db: Database, request: Request, name: UserApiLimit): Promise<SessionUser> {
  const user = await requireUserForApi(request);
  const { message, ...window } = USER_API_LIMITS[name];
  await enforceRateLimit(db, `${name}:${user.userUid}`, window, message);
  return user;
}

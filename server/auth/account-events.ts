/**
 * What the rest of Atelier does when an account is created, verified or deleted — the sign-up
 * grant, the welcome, the pre-registration bonus, the account's files — without auth importing
 * those domains (issue 17). The composition root wires the handlers once
 * (`server/account-lifecycle.ts`, called from `prepareDatabase` and the test database); Better
 * Auth's hooks call them. An account made before they are wired would miss its grant, so that is
 * an error, not a silent skip.
 */
import type { Database } from "../db/client";

export interface AccountHolder {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AccountEvents {
  /** Every new account (password, OAuth or seeded), once, after its row exists. */
  created(db: Database, account: AccountHolder): Promise<void>;
  /** The person proved they own the address. */
  verified(db: Database, account: AccountHolder): Promise<void>;
  /** The account is about to go: what must stop outside Atelier (a membership's renewals) stops now. */
  deleting(db: Database, account: Pick<AccountHolder, "id">): Promise<void>;
  /** The account's rows are gone (by foreign keys); what lives outside the database goes now. */
  deleted(db: Database, account: Pick<AccountHolder, "id">): Promise<void>;
}

let handlers: AccountEvents | null = null;

export function setAccountEvents(events: AccountEvents): void {
  handlers = events;
}

export function accountEvents(): AccountEvents {
  if (!handlers) throw new Error("Account events are not wired: call wireAccountLifecycle() at start-up");
  return handlers;
}

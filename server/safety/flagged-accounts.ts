/** Accounts whose explicit uploads keep being refused (issue 40): the admins see them on /admin/safety and the user record. */
import { desc, gte } from "drizzle-orm";
import type { Database } from "../db/client";
import { user } from "../db/schema";

/** Refusals after which an account is flagged. */
export const EXPLICIT_UPLOADS_FLAG_AT = 3;

export interface FlaggedAccount {
  id: string;
  name: string;
  email: string;
  explicitUploads: number;
}

export async function listFlaggedAccounts(db: Database, limit = 50): Promise<FlaggedAccount[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email, explicitUploads: user.explicitUploads })
    .from(user)
    .where(gte(user.explicitUploads, EXPLICIT_UPLOADS_FLAG_AT))
    .orderBy(desc(user.explicitUploads))
    .limit(limit);
}

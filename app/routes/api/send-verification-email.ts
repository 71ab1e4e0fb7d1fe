import { accountCaller, AccountError, sendEmailCode } from "@server/auth/accounts";
import { getUser } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { user } from "@server/db/schema";
import { ApiError, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { emailField } from "~/lib/account-schemas";
import type { Route } from "./+types/send-verification-email";

const input = z.object({ user_uid: z.string().min(1, "user_uid is required").max(100), email: emailField });

/**
 * POST /api/send-verification-email {user_uid, email} (spec §7): sends the verification email
 * (link + code) to an account that is not verified yet. The caller must name the account by
 * both its id and its email; an admin may do it for anyone. A failure answers {error: {message}}
 * which the browser shows as 'Failed to send verification email: {message}'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const body = parseWith(input, (await readJson(request)).value);
      const [account] = await getDb().select().from(user).where(eq(user.id, body.user_uid));
      const caller = await getUser(request);
      const mayAsk =
        account && account.email === body.email && (caller?.isAdmin || !caller || caller.userUid === account.id);
      if (!mayAsk) throw new ApiError(404, "not_found", "No account matches this user_uid and email");
      if (account.emailVerified) throw new ApiError(409, "already_verified", "This email is already verified");
      try {
        await sendEmailCode(accountCaller(request, context), { email: account.email, type: "email-verification" });
      } catch (error) {
        if (error instanceof AccountError) throw new ApiError(429, "rate_limited", error.message);
        throw error;
      }
      return json({ ok: true }, { status: 202 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "Failed to send verification email"),
  );
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });

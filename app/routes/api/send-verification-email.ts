import { accountCaller, AccountError, sendVerificationEmailFor } from "@server/auth/accounts";
import { getUser } from "@server/auth/guards";
import { ApiError, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { z } from "zod";
import { emailField } from "~/lib/account-schemas";
import type { Route } from "./+types/send-verification-email";

const input = z.object({ user_uid: z.string().min(1, "user_uid is required").max(100), email: emailField });

/**
 * POST /api/send-verification-email {user_uid, email} (spec §7): sends the verification email
 * (link + code) to an account that is not verified yet; who may ask is decided by
 * sendVerificationEmailFor (server/auth/accounts.ts). A failure answers {error: {message}}
 * which the browser shows as 'Failed to send verification email: {message}'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const body = parseWith(input, (await readJson(request)).value);
      const asker = await getUser(request);
      try {
        await sendVerificationEmailFor(accountCaller(request, context), asker, {
          userUid: body.user_uid,
          email: body.email,
        });
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        if (error.code === "not_found") throw new ApiError("not_found", error.message);
        if (error.code === "already_verified") throw new ApiError("already_verified", error.message);
        throw new ApiError("rate_limited", error.message);
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

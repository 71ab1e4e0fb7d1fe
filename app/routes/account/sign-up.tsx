import { accountCaller, signUpWithPassword } from "@server/auth/accounts";
import { redirectAdminFromLoginArea } from "@server/auth/guards";
import { changeHandle, handleAvailable } from "@server/community/creators";
import { CommunityError } from "@server/community/artwork-rows";
import { getDb } from "@server/db/client";
import { data, Form, redirect } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import {
  AuthFooterLink,
  AuthSubmitButton,
  EmailField,
  FormError,
  NewPasswordField,
  useAccountForm,
} from "~/components/auth/auth-fields";
import { TextField } from "~/components/ui/field";
import { signUpSchema } from "~/lib/account-schemas";
import { parseForm } from "~/lib/forms";
import type { Route } from "./+types/sign-up";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Create your account · Atelier" }];

/** A signed-in admin opening the login area goes to the dashboard (spec §2, §6). */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectAdminFromLoginArea(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(form, signUpSchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const { handle, ...account } = parsed.data;
  try {
    // A chosen handle is checked first, so the form says so beside the field before an account exists.
    const heldBy = handle ? await handleAvailable(getDb(), handle) : null;
    if (heldBy) throw new CommunityError("handle_taken", heldBy, { handle: [heldBy] });
    const { userId } = await signUpWithPassword(accountCaller(request, context), account);
    // Taken in the moment between? The account keeps the handle made from its name; the profile changes it.
    if (handle) await changeHandle(getDb(), userId, handle, { keepOld: false }).catch(() => undefined);
  } catch (error) {
    const { password: _password, ...values } = parsed.data;
    return refusal(error, { values });
  }
  return redirect(`/verify-email?${new URLSearchParams({ email: parsed.data.email, sent: "1" })}`);
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const { busy, errors, values } = useAccountForm(actionData);
  return (
    <AuthShell
      title="Create your account"
      subtitle="Make artwork from words, pictures and doodles, and share it with the community."
      footer={
        <AuthFooterLink to="/login" lead="Already have an account?">
          Sign in
        </AuthFooterLink>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        <FormError message={errors?.form} />
        <TextField
          label="Display name"
          name="name"
          autoComplete="nickname"
          required
          maxLength={60}
          defaultValue={values.name}
          error={errors?.fields.name}
        />
        <TextField
          label="Handle (optional)"
          name="handle"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={31}
          defaultValue={values.handle}
          hint="Your page's address: /creators/your-handle. Letters, digits, _ and -. Left empty, we make one from your name."
          error={errors?.fields.handle}
        />
        <EmailField defaultValue={values.email} error={errors?.fields.email} />
        <NewPasswordField label="Password" minLength={10} error={errors?.fields.password} />
        <AuthSubmitButton busy={busy} busyLabel="Creating your account…">
          Create account
        </AuthSubmitButton>
        <p className="text-center text-xs text-ink-faint">We will send you an email to confirm your address.</p>
      </Form>
    </AuthShell>
  );
}

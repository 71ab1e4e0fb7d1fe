import { requireUser } from "@server/auth/guards";
import {
  changePassword,
  deleteAccount,
  listUserSessions,
  listUserSignInMethods,
  signOutOtherSessions,
  updateAvatar,
  updateDisplayName,
} from "@server/auth/profile";
import { confirmEmailChange, findPendingEmailChange, requestEmailChange } from "@server/auth/change-email";
import { getDb } from "@server/db/client";
import { getOwnCreatorDetails, updateCreatorProfile } from "@server/community/creators";
import { listHiddenPeople, unhideCreator } from "@server/community/follows";
import { getNotificationSettings, updateNotificationSettings } from "@server/notify/notifications";
import { listTokenLedger } from "@server/generation/ledger";
import { listApiTokens } from "@server/api-tokens/tokens";
import { getWebhookSettings } from "@server/webhooks/webhooks";
import { ApiTokensSection } from "~/components/account/api-tokens-section";
import { loadMembershipSection } from "@server/commerce/memberships/profile-view";
import { MembershipSection } from "~/components/account/membership-section";
import { cancelTransaction, listUserTransactions } from "@server/commerce/transactions";
import { ApiError, readFormData } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { ImageError } from "@server/storage/images";
import { AtSign, Coins, Eye, FileText, KeyRound, LogOut, Monitor, Receipt, Trash2, UserRound } from "lucide-react";
import { setBrowsingLevel } from "@server/safety/browsing-level";
import { BIO_MAX, creatorPath, creatorProfileInput, HANDLE_MAX } from "~/lib/creators";
import { When } from "~/components/when";
import { formatMoney } from "~/lib/format";
import { TRANSACTION_STATUS_LABELS } from "~/lib/commerce";
import { describeDevice, ledgerLabel } from "~/lib/account-labels";
import { useViewer } from "~/lib/viewer";
import { type ReactNode, useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ProfileSection } from "~/components/account/profile-section";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField, TextAreaField, ActionNotice, FieldError } from "~/components/ui/field";
import { codeField, emailField, newPasswordField, signUpSchema } from "~/lib/account-schemas";
import { parseForm, type FormFailure, type FormSuccess, answerOf } from "~/lib/forms";
import type { Route } from "./+types/user-profile";
import { formatCount } from "~/lib/format";
import { PageHeading } from "~/components/ui/page-heading";
import { refusal, formFailure } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Your profile · Atelier" }];

const MAX_AVATAR_UPLOAD = 11 * 1024 * 1024;
const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    newPassword: newPasswordField,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { message: "The two passwords are not the same", path: ["confirm"] });

/** The password form's fields, in the order asked. */
const PASSWORD_CHANGE_FIELDS = [
  { label: "Current password", name: "currentPassword", autoComplete: "current-password" },
  { label: "New password", name: "newPassword", autoComplete: "new-password" },
  { label: "New password, again", name: "confirm", autoComplete: "new-password" },
] as const;

const changeEmailSchema = z.object({ newEmail: emailField, password: z.string().optional() });
const confirmEmailSchema = z.object({ emailCode: codeField });

const PROVIDER_LABELS: Record<string, string> = {
  credential: "Email and password",
  google: "Google",
  facebook: "Facebook",
  twitter: "X",
  oidc: "Single sign-on",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  // The request's one session read (shared with the root loader) gives the name, email and picture,
  // as fresh as the header's (ADR 0026): the user row is not read again.
  const current = await requireUser(request);
  const db = getDb();
  // Independent reads, all at once. The token balance is not among them: the root loader reads it
  // for the header on every request to this page, and the page shows that one.
  const log = context.get(requestInfoContext).log;
  const [
    methods,
    sessions,
    pendingEmail,
    purchases,
    tokenHistory,
    creator,
    hiddenPeople,
    notify,
    apiTokens,
    webhook,
    membership,
  ] = await Promise.all([
    listUserSignInMethods(db, current.userUid),
    listUserSessions(db, current.userUid, current.sessionId),
    findPendingEmailChange(db, current.userUid),
    listUserTransactions(db, current.userUid, 20),
    listTokenLedger(db, current.userUid, 10),
    getOwnCreatorDetails(db, current.userUid),
    listHiddenPeople(db, current.userUid),
    getNotificationSettings(db, current.userUid),
    listApiTokens(db, current.userUid),
    getWebhookSettings(db, current.userUid),
    // Issue 41: also settles a checkout the member came back from, and prices a change asked for.
    loadMembershipSection(db, current.userUid, new URL(request.url), (err, what) => log.warn({ err }, what)),
  ]);
  const emailCode = new URL(request.url).searchParams.get("email-code");
  return {
    profile: {
      name: current.name,
      email: current.email,
      image: current.image,
      createdAt: current.createdAt.toISOString(),
    },
    // From the session, like the name: a change shows on the next request (the change is announced).
    browsingLevel: current.browsingLevel,
    creator,
    hiddenPeople,
    notify,
    apiTokens,
    webhook,
    membership,
    methods: methods.map((m) => PROVIDER_LABELS[m] ?? m),
    hasPassword: methods.includes("credential"),
    pendingEmail: pendingEmail?.newEmail ?? null,
    emailCode: emailCode && /^\d{6}$/.test(emailCode) ? emailCode : "",
    sessions: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    })),
    purchases: purchases.map((t) => ({
      id: t.id,
      status: t.status,
      currency: t.currency,
      totalMinor: t.totalMinor,
      tokens: t.tokens,
      discountCode: t.discountCode,
      createdAt: t.createdAt,
      lines: t.lines.map((l) => `${l.quantity} × ${l.name}`).join(", "),
      note:
        t.status === "refunded" && t.unrecoveredTokens
          ? `${formatCount(t.refundedTokens ?? 0)} tokens taken back, ${formatCount(t.unrecoveredTokens)} already spent`
          : t.failureMessage,
    })),
    tokenHistory: tokenHistory.map((row) => ({
      id: row.id,
      amount: row.amount,
      balanceAfter: row.balanceAfter,
      reason: row.reason,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

type Intent =
  | "name"
  | "creator"
  | "unhide"
  | "notify"
  | "browsing-level"
  | "avatar"
  | "change-email"
  | "confirm-email"
  | "password"
  | "sign-out-others"
  | "discard-purchase"
  | "delete";

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireUser(request);
  let form: FormData;
  try {
    form = await readFormData(request, MAX_AVATAR_UPLOAD);
  } catch (error) {
    // Only the picture form carries a file, so an oversized body is its picture.
    if (!(error instanceof ApiError)) throw error;
    return formFailure({ fields: { avatar: error.message } }, { intent: "avatar", status: 413 });
  }
  const intent = String(form.get("intent")) as Intent;
  const db = getDb();
  const clientIp = context.get(requestInfoContext).clientIp;
  const done = (message: string, headers?: Headers) =>
    data({ ok: true, intent, message } satisfies FormSuccess, { headers });
  const refill = (failure: FormFailure) => data({ ...failure, intent }, { status: 400 });
  try {
    switch (intent) {
      case "name": {
        const parsed = parseForm(form, signUpSchema.pick({ name: true }));
        if (!parsed.ok) return refill(parsed);
        return done("Your name is saved.", await updateDisplayName(request, parsed.data.name));
      }
      case "creator": {
        const parsed = parseForm(form, creatorProfileInput);
        if (!parsed.ok) return refill(parsed);
        const saved = await updateCreatorProfile(db, current.userUid, parsed.data);
        return done(`Your page is saved: ${creatorPath(saved.handle)}`);
      }
      case "notify": {
        await updateNotificationSettings(db, current.userUid, {
          follows: form.get("follows") === "on",
          comments: form.get("comments") === "on",
          mentions: form.get("mentions") === "on",
        });
        return done("Your notification settings are saved.");
      }
      case "browsing-level": {
        const level = form.get("level") === "mature" ? "mature" : "general";
        await setBrowsingLevel(db, current, { level, confirmedAdult: form.get("confirmAdult") === "on" });
        return done(
          level === "mature"
            ? "Saved: mature pictures are shown to you, blurred until you choose to see each one."
            : "Saved: you see general pictures only.",
        );
      }
      case "unhide": {
        const hiddenId = String(form.get("hiddenId") ?? "");
        await unhideCreator(db, current.userUid, hiddenId);
        return done("They can reach you again.");
      }
      case "avatar": {
        const file = form.get("avatar");
        if (!(file instanceof File) || file.size === 0)
          return formFailure({ fields: { avatar: "Choose an image file" } }, { intent });
        return done(
          "Your picture is updated.",
          await updateAvatar(db, request, current, Buffer.from(await file.arrayBuffer())),
        );
      }
      case "change-email": {
        const parsed = parseForm(form, changeEmailSchema);
        if (!parsed.ok) return refill(parsed);
        const { newEmail, password } = parsed.data;
        await requestEmailChange(db, request, clientIp, current, { newEmail, ...(password ? { password } : {}) });
        return done(`We sent a code to ${newEmail}. Enter it below to finish the change.`);
      }
      case "confirm-email": {
        const parsed = parseForm(form, confirmEmailSchema);
        if (!parsed.ok) return refill(parsed);
        const email = await confirmEmailChange(db, clientIp, current, parsed.data.emailCode);
        return done(`Your email is now ${email}.`);
      }
      case "password": {
        const parsed = parseForm(form, passwordChangeSchema);
        if (!parsed.ok) return refill(parsed);
        return done(
          "Your password is changed. Other devices are signed out.",
          await changePassword(request, current, parsed.data),
        );
      }
      case "sign-out-others":
        await signOutOtherSessions(request);
        return done("Every other device is signed out.");
      case "discard-purchase": {
        // A checkout left unpaid: closed at the provider too, so it cannot be paid later by mistake.
        const after = await cancelTransaction(db, current.userUid, String(form.get("transaction") ?? ""));
        if (!after) return formFailure({ form: "That purchase does not exist." }, { intent, status: 404 });
        return done(
          after.status === "canceled"
            ? "The unpaid purchase is discarded."
            : "That purchase is no longer waiting for payment.",
        );
      }
      case "delete": {
        if (form.get("confirm") !== "DELETE")
          return formFailure({ fields: { confirm: "Type DELETE to confirm" } }, { intent });
        const password = String(form.get("password") ?? "");
        const headers = await deleteAccount(request, password ? { password } : {});
        return redirect("/?deleted=1", { headers });
      }
      default:
        return formFailure({ form: "Unknown action" }, { intent });
    }
  } catch (error) {
    // A refused picture belongs beside the file field.
    if (error instanceof ImageError) return formFailure({ fields: { avatar: error.message } }, { intent });
    return refusal(error, { intent });
  }
}

/** The password asked before a change to the account (only accounts that have one: not those made with Google). */
function CurrentPasswordField({ label, error }: { label: string; error: string | undefined }) {
  return <TextField label={label} name="password" type="password" autoComplete="current-password" error={error} />;
}

export default function UserProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, creator, hiddenPeople, notify, methods, hasPassword, sessions, tokenHistory, purchases } =
    loaderData;
  // The root loader's balance (the header's): it runs with this page's loader on every load and revalidation.
  const tokenBalance = useViewer()?.tokens ?? 0;
  const navigation = useNavigation();
  // Secrets do not stay typed in a form once it has done its work.
  const passwordForm = useRef<HTMLFormElement>(null);
  const emailForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!actionData) return;
    if (actionData.intent === "password") passwordForm.current?.reset();
    if (actionData.intent === "change-email") emailForm.current?.reset();
  }, [actionData]);
  const pending = (intent: Intent) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsFor = (intent: Intent) => {
    const answer = answerOf(actionData, intent);
    return answer && !answer.ok ? answer.errors : undefined;
  };
  const messageFor = (intent: Intent) => <ActionNotice answer={answerOf(actionData, intent)} />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-5">
        {profile.image ? (
          <img src={profile.image} alt="" className="size-20 rounded-full object-cover ring-4 ring-paper-raised" />
        ) : (
          <span className="grid size-20 place-items-center rounded-full bg-accent-soft font-display text-3xl text-accent">
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {/* Wide enough for a name and an email before the balance moves below (it never covers them). */}
        <div className="min-w-48 flex-1">
          <PageHeading>{profile.name}</PageHeading>
          <p className="break-all text-ink-soft">{profile.email}</p>
        </div>
        <div className="flex items-center gap-2 rounded-2xl bg-accent-soft px-4 py-3 text-accent-strong">
          <Coins aria-hidden className="size-5" />
          <span>
            <span className="block text-xs uppercase tracking-wider">Token balance</span>
            <span className="font-display text-2xl font-semibold" data-testid="token-balance">
              {formatCount(tokenBalance)}
            </span>
          </span>
        </div>
      </div>

      <div className="mt-8 space-y-6">
        <ProfileSection Icon={UserRound} title="Profile">
          <div className="space-y-6">
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="name" />
              {messageFor("name")}
              <TextField
                label="Display name"
                name="name"
                defaultValue={profile.name}
                maxLength={60}
                required
                error={errorsFor("name")?.fields.name}
              />
              <SubmitButton busy={pending("name")} busyLabel="Saving…" className={buttonClass({ size: "sm" })}>
                Save name
              </SubmitButton>
            </Form>
            <Form method="post" encType="multipart/form-data" className="space-y-4">
              <input type="hidden" name="intent" value="avatar" />
              {messageFor("avatar")}
              <TextField
                label="Profile picture"
                name="avatar"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                error={errorsFor("avatar")?.fields.avatar}
                hint="JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. We crop it to a square."
              />
              <SubmitButton
                busy={pending("avatar")}
                busyLabel="Uploading…"
                className={buttonClass({ size: "sm", variant: "secondary" })}
              >
                Upload picture
              </SubmitButton>
            </Form>
            <div className="space-y-4 border-t border-line pt-6">
              <div>
                <p className="text-sm font-medium text-ink">Email</p>
                <p className="text-ink-soft" data-testid="current-email">
                  {profile.email}
                </p>
              </div>
              {messageFor("change-email")}
              {messageFor("confirm-email")}
              {loaderData.pendingEmail ? (
                <Form method="post" className="space-y-4 rounded-2xl bg-paper-sunken p-4">
                  <input type="hidden" name="intent" value="confirm-email" />
                  <p className="text-sm text-ink-soft">
                    Waiting for the code we sent to <strong className="text-ink">{loaderData.pendingEmail}</strong>.
                  </p>
                  <TextField
                    label="Code from the new address"
                    name="emailCode"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={7}
                    defaultValue={loaderData.emailCode}
                    error={errorsFor("confirm-email")?.fields.emailCode}
                  />
                  <SubmitButton
                    busy={pending("confirm-email")}
                    busyLabel="Checking…"
                    className={buttonClass({ size: "sm" })}
                  >
                    Confirm new email
                  </SubmitButton>
                </Form>
              ) : null}
              <details className="group" open={Boolean(errorsFor("change-email"))}>
                <summary className="cursor-pointer text-sm font-medium text-accent">Change email address</summary>
                <Form ref={emailForm} method="post" className="mt-4 space-y-4">
                  <input type="hidden" name="intent" value="change-email" />
                  <TextField
                    label="New email"
                    name="newEmail"
                    type="email"
                    autoComplete="email"
                    error={errorsFor("change-email")?.fields.newEmail}
                  />
                  {hasPassword ? (
                    <CurrentPasswordField label="Password" error={errorsFor("change-email")?.fields.password} />
                  ) : null}
                  <SubmitButton
                    busy={pending("change-email")}
                    busyLabel="Sending…"
                    className={buttonClass({ size: "sm", variant: "secondary" })}
                  >
                    Send a code to the new address
                  </SubmitButton>
                </Form>
              </details>
            </div>
          </div>
        </ProfileSection>

        <ProfileSection Icon={AtSign} title="Your creator page">
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="creator" />
            {messageFor("creator")}
            <p className="text-sm text-ink-soft">
              People find you at{" "}
              <Link
                to={creatorPath(creator.handle)}
                className="font-medium text-accent underline-offset-4 hover:underline"
              >
                /creators/{creator.handle}
              </Link>
              . A handle you give up sends visitors to your new one for 30 days.
            </p>
            <TextField
              label="Handle"
              name="handle"
              defaultValue={creator.handle}
              key={creator.handle}
              maxLength={HANDLE_MAX + 1}
              autoCapitalize="none"
              spellCheck={false}
              required
              hint="3 to 30 letters, digits, _ and -."
              error={errorsFor("creator")?.fields.handle}
            />
            <TextAreaField
              id="creator-bio"
              label="Bio"
              name="bio"
              rows={3}
              maxLength={BIO_MAX}
              defaultValue={creator.bio}
              hint={`A few words about you and your art, up to ${BIO_MAX} characters. Shown as plain text.`}
              error={errorsFor("creator")?.fields.bio}
              aria-invalid={errorsFor("creator")?.fields.bio ? true : undefined}
            />
            <SubmitButton busy={pending("creator")} busyLabel="Saving…" className={buttonClass({ size: "sm" })}>
              Save your page
            </SubmitButton>
          </Form>
          <Form method="post" className="mt-6 space-y-3">
            <input type="hidden" name="intent" value="notify" />
            <fieldset>
              <legend className="font-semibold text-ink">Tell me when</legend>
              {messageFor("notify")}
              <div className="mt-2 grid gap-2">
                {(
                  [
                    ["follows", "Someone follows me", notify.follows],
                    ["comments", "Someone comments on my work or replies to my comment", notify.comments],
                    ["mentions", "Someone mentions me with @handle", notify.mentions],
                  ] as const
                ).map(([name, label, on]) => (
                  <label key={name} className="flex items-center gap-2 text-sm text-ink">
                    <input
                      type="checkbox"
                      name={name}
                      defaultChecked={on}
                      className="size-4 accent-[var(--color-accent)]"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <SubmitButton
              busy={pending("notify")}
              busyLabel="Saving…"
              className={buttonClass({ size: "sm", variant: "secondary" })}
            >
              Save notification settings
            </SubmitButton>
          </Form>
          <div className="mt-6">
            <h3 className="font-semibold text-ink">People you hid</h3>
            {messageFor("unhide")}
            {hiddenPeople.length === 0 ? (
              <p className="mt-1 text-sm text-ink-soft">
                Nobody. Hide someone from their page: you stop following each other and their follows stop reaching you.
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-line">
                {hiddenPeople.map((person) => (
                  <li key={person.id} className="flex items-center justify-between gap-3 py-2">
                    <Link to={creatorPath(person.handle)} className="min-w-0 truncate hover:underline">
                      {person.name} <span className="text-ink-soft">@{person.handle}</span>
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="unhide" />
                      <input type="hidden" name="hiddenId" value={person.id} />
                      <SubmitButton
                        busy={pending("unhide")}
                        busyLabel="Showing…"
                        className={buttonClass({ size: "sm", variant: "secondary" })}
                      >
                        Show again
                      </SubmitButton>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </ProfileSection>

        <div id="browsing-level" className="scroll-mt-24">
          <BrowsingLevelSection
            level={loaderData.browsingLevel}
            notice={messageFor("browsing-level")}
            error={errorsFor("browsing-level")?.fields.confirmAdult}
            busy={pending("browsing-level")}
          />
        </div>

        <ProfileSection Icon={KeyRound} title="Sign-in">
          <p className="text-sm text-ink-soft">You sign in with: {methods.join(", ") || "—"}</p>
          {hasPassword ? (
            <Form ref={passwordForm} method="post" className="mt-5 space-y-4">
              <input type="hidden" name="intent" value="password" />
              {messageFor("password")}
              {PASSWORD_CHANGE_FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  {...field}
                  type="password"
                  error={errorsFor("password")?.fields[field.name]}
                />
              ))}
              <SubmitButton busy={pending("password")} busyLabel="Saving…" className={buttonClass({ size: "sm" })}>
                Change password
              </SubmitButton>
            </Form>
          ) : null}
        </ProfileSection>

        <MembershipSection data={loaderData.membership} />

        <ProfileSection Icon={Coins} title="Token history">
          {tokenHistory.length === 0 ? (
            <p className="text-sm text-ink-soft">No token movements yet.</p>
          ) : (
            <ul className="divide-y divide-line text-sm" data-testid="token-history">
              {tokenHistory.map((row) => (
                <li key={row.id} className="flex items-center justify-between gap-4 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium text-ink">{ledgerLabel(row.reason)}</span>
                    <span className="block truncate text-ink-faint">
                      <When value={row.createdAt} />
                      {row.note ? ` · ${row.note}` : ""}
                    </span>
                  </span>
                  <span className={row.amount > 0 ? "font-semibold text-success" : "font-semibold text-ink"}>
                    {row.amount > 0 ? `+${formatCount(row.amount)}` : `−${formatCount(-row.amount)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ProfileSection>

        <div id="purchases" className="scroll-mt-24">
          <ProfileSection Icon={Receipt} title="Purchases">
            {messageFor("discard-purchase")}
            {purchases.length === 0 ? (
              <p className="text-sm text-ink-soft">
                No purchases yet.{" "}
                <a href="/pricing-plans" className="font-medium text-accent underline-offset-4 hover:underline">
                  See the token packs
                </a>
              </p>
            ) : (
              <ul className="divide-y divide-line text-sm" data-testid="purchases">
                {purchases.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <span className="min-w-0">
                      <span className="block font-medium text-ink">{p.lines}</span>
                      <span className="block text-ink-faint">
                        <When value={p.createdAt} style="date" /> · {formatCount(p.tokens)} tokens ·{" "}
                        {TRANSACTION_STATUS_LABELS[p.status]}
                        {p.discountCode ? ` · code ${p.discountCode}` : ""}
                        {p.note ? ` · ${p.note}` : ""}
                      </span>
                    </span>
                    <span className="flex items-center gap-3">
                      <span className="font-semibold tabular-nums text-ink">
                        {formatMoney(p.totalMinor, p.currency)}
                      </span>
                      {p.status === "paid" || p.status === "refunded" ? (
                        <a
                          href={`/api/transactions/${p.id}/invoice`}
                          className="inline-flex items-center gap-1 font-medium text-accent underline-offset-4 hover:underline"
                          download
                        >
                          <FileText aria-hidden className="size-4" /> Invoice
                        </a>
                      ) : p.status === "pending" ? (
                        <>
                          <a
                            href={`/product-payment?transaction=${p.id}`}
                            className="font-medium text-accent underline-offset-4 hover:underline"
                          >
                            Open
                          </a>
                          <Form method="post">
                            <input type="hidden" name="intent" value="discard-purchase" />
                            <input type="hidden" name="transaction" value={p.id} />
                            <button
                              type="submit"
                              className="font-medium text-ink-soft underline-offset-4 hover:text-danger hover:underline"
                              disabled={pending("discard-purchase")}
                              aria-label={`Discard the unpaid purchase of ${p.lines}`}
                            >
                              Discard
                            </button>
                          </Form>
                        </>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ProfileSection>
        </div>

        <ApiTokensSection tokens={loaderData.apiTokens} webhook={loaderData.webhook} />

        <ProfileSection Icon={Monitor} title="Where you are signed in">
          {messageFor("sign-out-others")}
          <ul className="mt-2 divide-y divide-line">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span>
                  <span className="font-medium text-ink">{describeDevice(s.userAgent)}</span>
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-strong">
                      This device
                    </span>
                  ) : null}
                  <span className="block text-ink-soft">
                    {s.ipAddress ?? "Unknown address"} · last active <When value={s.updatedAt} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {sessions.length > 1 ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="sign-out-others" />
              <button type="submit" className={buttonClass({ size: "sm", variant: "secondary" })}>
                <LogOut aria-hidden className="size-4" /> Sign out other sessions
              </button>
            </Form>
          ) : null}
        </ProfileSection>

        <ProfileSection Icon={Trash2} title="Delete your account" danger>
          <p className="text-sm text-ink-soft">
            This removes your account, your private data and your files. It cannot be undone.
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="delete" />
            {messageFor("delete")}
            {hasPassword ? (
              <CurrentPasswordField label="Your password" error={errorsFor("delete")?.fields.password} />
            ) : null}
            <TextField
              label="Type DELETE to confirm"
              name="confirm"
              autoComplete="off"
              error={errorsFor("delete")?.fields.confirm}
            />
            <SubmitButton
              busy={pending("delete")}
              busyLabel="Deleting…"
              className={buttonClass({ size: "sm", className: "bg-danger hover:bg-danger/90" })}
            >
              Delete my account
            </SubmitButton>
          </Form>
        </ProfileSection>
      </div>
    </div>
  );
}

/**
 * What the person sees (issue 40): general pictures only, as every account starts, or mature ones
 * too — blurred until they choose to see each — once they confirm they are 18 or older.
 */
function BrowsingLevelSection({
  level,
  notice,
  error,
  busy,
}: {
  level: "general" | "mature";
  notice: ReactNode;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <ProfileSection Icon={Eye} title="What you see">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="browsing-level" />
        {notice}
        <fieldset>
          <legend className="text-sm text-ink-soft">
            Some pictures in the community are rated mature: suggestive, but not explicit. Explicit pictures are never
            shown.
          </legend>
          <div className="mt-3 grid gap-2">
            <label className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                name="level"
                value="general"
                defaultChecked={level === "general"}
                className="mt-0.5 size-4 accent-[var(--color-accent)]"
              />
              <span>General pictures only</span>
            </label>
            <label className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                name="level"
                value="mature"
                defaultChecked={level === "mature"}
                className="mt-0.5 size-4 accent-[var(--color-accent)]"
              />
              <span>Mature pictures too, blurred until I choose to see each one</span>
            </label>
          </div>
        </fieldset>
        <div>
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="confirmAdult"
              defaultChecked={level === "mature"}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "confirm-adult-error" : undefined}
              className="mt-0.5 size-4 accent-[var(--color-accent)]"
            />
            <span>I am 18 or older (needed to see mature pictures)</span>
          </label>
          <FieldError id="confirm-adult-error">{error}</FieldError>
        </div>
        <SubmitButton busy={busy} busyLabel="Saving…" className={buttonClass({ size: "sm", variant: "secondary" })}>
          Save what you see
        </SubmitButton>
      </Form>
    </ProfileSection>
  );
}

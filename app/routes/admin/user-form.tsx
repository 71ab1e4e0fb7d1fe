/**
 * /admin/user-form?id=…: one account — profile and admin role, tokens with their ledger and an
 * adjustment with a reason, generations, purchases, sessions; ban and unban; a notification.
 */
import { requireAdmin } from "@server/auth/guards";
import {
  adjustUserTokens,
  emailUserByAdmin,
  getUserForAdmin,
  notifyUserByAdmin,
  setUserBanned,
  updateUserByAdmin,
} from "@server/admin/users";
import { ApiError, readFormData } from "@server/http/api";
import { getDb } from "@server/db/client";
import { revokeApiTokenAsAdmin } from "@server/api-tokens/tokens";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { formatCount, formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { ActionNotice, TextAreaField, TextField, FieldError, FieldLabel } from "~/components/ui/field";
import { banForm, notifyForm, tokenAdjustmentForm, userProfileForm } from "~/lib/admin-users";
import { TRANSACTION_STATUS_LABELS } from "~/lib/commerce";
import { parseForm, type FormFailure, formValues, answerOf, type FormSuccess } from "~/lib/forms";
import { controlCharacterFields } from "~/lib/plain-text";
import type { Route } from "./+types/user-form";
import { describeDevice, ledgerLabel } from "~/lib/account-labels";
import { PageHeading } from "~/components/ui/page-heading";
import { DetailPage } from "~/components/admin/detail-page";
import { formFailure, refusal } from "~/lib/forms.server";
import { memberHistory, refundMembershipInvoice } from "@server/commerce/memberships/admin-memberships";
import { MemberHistory } from "~/components/admin/member-history";
import { membershipRefundForm } from "~/lib/admin-members";

export const meta = () => [{ title: "User · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  if (!id) return null;
  const found = await getUserForAdmin(getDb(), id);
  if (!found) throw data("That user does not exist.", { status: 404 });
  return { ...found, memberships: await memberHistory(getDb(), found.user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  // Room for a 5 MB attachment, base64 and form overhead included.
  let formData: FormData;
  try {
    formData = await readFormData(request, 8 * 1024 * 1024);
  } catch (error) {
    // Only the email form carries a file, so an oversized body is its attachment.
    if (!(error instanceof ApiError)) throw error;
    return formFailure(
      { fields: { attachment: "The attachment is larger than 5 MB" } },
      { intent: "email", status: 413 },
    );
  }
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const db = getDb();
  const done = (message: string) => ({ ok: true, intent, message }) satisfies FormSuccess;
  const refill = (failure: FormFailure) => data({ ...failure, intent }, { status: 400 });
  // The email form is read by hand (its attachment): its text and the file's name are checked here like parseForm's.
  const badText = controlCharacterFields(formData);
  if (Object.keys(badText).length > 0) return formFailure({ fields: badText }, { values, intent });
  try {
    switch (intent) {
      case "profile": {
        const parsed = parseForm(formData, userProfileForm);
        if (!parsed.ok) return refill(parsed);
        await updateUserByAdmin(db, admin, id, parsed.data);
        return done("Profile saved.");
      }
      case "tokens": {
        const parsed = parseForm(formData, tokenAdjustmentForm);
        if (!parsed.ok) return refill(parsed);
        const balance = await adjustUserTokens(db, admin, id, parsed.data);
        return done(`Done: the balance is now ${formatCount(balance)} tokens.`);
      }
      case "ban":
      case "unban": {
        const parsed = parseForm(formData, banForm);
        if (!parsed.ok) return refill(parsed);
        const ended = await setUserBanned(db, admin, id, intent === "ban", parsed.data.reason);
        return done(
          intent === "ban"
            ? `Banned; ${ended} session${ended === 1 ? "" : "s"} ended.`
            : "Unbanned: they can sign in again.",
        );
      }
      case "email": {
        const file = formData.get("attachment");
        const attachment =
          file instanceof File && file.size > 0
            ? { filename: file.name, bytes: Buffer.from(await file.arrayBuffer()) }
            : null;
        await emailUserByAdmin(db, admin, id, {
          subject: values.subject ?? "",
          message: values.message ?? "",
          attachment,
        });
        return done(attachment ? `Email with ${attachment.filename} queued.` : "Email queued.");
      }
      case "revoke-token": {
        const token = await revokeApiTokenAsAdmin(db, admin, id, values.tokenId ?? "");
        return done(`Token “${token.name}” revoked: scripts using it stop at once.`);
      }
      case "refund-invoice": {
        const parsed = parseForm(formData, membershipRefundForm);
        if (!parsed.ok) return refill(parsed);
        const result = await refundMembershipInvoice(db, parsed.data.invoiceId, {
          actor: admin,
          reason: parsed.data.reason,
          userId: id,
        });
        return done(result.message);
      }
      case "notify": {
        const parsed = parseForm(formData, notifyForm);
        if (!parsed.ok) return refill(parsed);
        await notifyUserByAdmin(db, admin, id, parsed.data);
        return done("Notification sent.");
      }
      default:
        return formFailure({ form: "Unknown action." }, { intent });
    }
  } catch (error) {
    return refusal(error, { values, intent });
  }
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-paper-raised p-5" aria-label={title}>
      <h2 className="font-semibold text-ink">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function AdminUserFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // The profile and email forms hold typing worth keeping; the others are one-line actions.
  const unsaved = useUnsavedChanges(actionData);
  if (!loaderData) {
    return (
      <div className="max-w-2xl space-y-4">
        <PageHeading>User</PageHeading>
        <p className="text-ink-soft">Choose an account in the user list to see it here.</p>
        <Link to="/admin/manage-user" className={buttonClass()}>
          Open the user list
        </Link>
      </div>
    );
  }
  const { user, balance, ledger, generations, generationCount, purchases, sessions, apiTokens } = loaderData;
  const message = (form: string) => {
    const answer = answerOf(actionData, form);
    return answer ? <ActionNotice answer={answer} className="mb-3" /> : null;
  };
  const field = (form: string, name: string) => {
    const answer = answerOf(actionData, form);
    return answer && !answer.ok ? answer.errors.fields[name] : undefined;
  };
  return (
    <DetailPage
      className="max-w-5xl space-y-6"
      backTo="/admin/manage-user"
      backLabel="Users"
      title={user.name}
      header={
        <p className="mt-1 text-ink-soft">
          {user.email} · joined {user.createdAt.slice(0, 10)} · {user.emailVerified ? "verified" : "not verified"}
          {user.banned ? (
            <strong className="text-danger"> · banned{user.banReason ? `: ${user.banReason}` : ""}</strong>
          ) : null}
          {user.explicitUploads > 0 ? (
            <span className={user.explicitUploadsFlagged ? "font-semibold text-danger" : undefined}>
              {" "}
              · {user.explicitUploads} upload{user.explicitUploads === 1 ? "" : "s"} refused as explicit
              {user.explicitUploadsFlagged ? " (flagged)" : ""}
            </span>
          ) : null}
        </p>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Profile and role">
          {message("profile")}
          <Form method="post" className="space-y-3" noValidate {...unsaved}>
            <input type="hidden" name="intent" value="profile" />
            <TextField label="Name" name="name" defaultValue={user.name} error={field("profile", "name")} />
            <TextField
              label="Email"
              name="email"
              type="email"
              defaultValue={user.email}
              error={field("profile", "email")}
            />
            <label className="flex items-center gap-3 text-sm font-medium text-ink">
              <input type="checkbox" name="isAdmin" defaultChecked={user.isAdmin} className="size-4" /> Admin
            </label>
            {field("profile", "isAdmin") ? (
              <p className="text-sm font-medium text-danger">{field("profile", "isAdmin")}</p>
            ) : null}
            <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
              Save profile
            </button>
          </Form>
        </Card>

        <Card title="Tokens">
          <p className="font-display text-3xl font-semibold text-ink" data-testid="admin-user-balance">
            {formatCount(balance)} tokens
          </p>
          {message("tokens")}
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start" noValidate>
            <input type="hidden" name="intent" value="tokens" />
            <TextField
              label="Amount"
              name="amount"
              type="number"
              error={field("tokens", "amount")}
              hint="Negative takes away."
            />
            <TextField label="Reason" name="reason" error={field("tokens", "reason")} />
            <button type="submit" className={buttonClass({ size: "sm", className: "sm:mt-7" })} disabled={busy}>
              Adjust
            </button>
          </Form>
          <ul className="mt-4 max-h-56 divide-y divide-line overflow-auto text-sm" aria-label="Ledger">
            {ledger.map((row) => (
              <li key={row.id} className="flex justify-between gap-3 py-1.5">
                <span className="text-ink-soft">
                  {row.createdAt.slice(0, 16).replace("T", " ")} · {ledgerLabel(row.reason)}
                  {row.note ? ` · ${row.note}` : ""}
                </span>
                <span className={row.amount > 0 ? "font-medium text-success" : "font-medium text-ink"}>
                  {row.amount > 0 ? `+${row.amount}` : row.amount}
                </span>
              </li>
            ))}
          </ul>
        </Card>

        <Card title={`Generations (${formatCount(generationCount)})`}>
          {generations.length === 0 ? (
            <p className="text-sm text-ink-soft">None yet.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {generations.map((g) => (
                <li key={g.id} className="flex justify-between gap-3 py-1.5">
                  <span className="truncate text-ink">
                    {g.mode}: {g.prompt || "(no prompt)"}
                  </span>
                  <span className="shrink-0 text-ink-soft">
                    {g.status} · {formatCount(g.cost)} tokens
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Purchases">
          {purchases.length === 0 ? (
            <p className="text-sm text-ink-soft">None yet.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {purchases.map((p) => (
                <li key={p.id} className="flex justify-between gap-3 py-1.5">
                  <Link to={`/admin/detail-history-transaction?id=${p.id}`} className="text-accent hover:underline">
                    {p.createdAt.slice(0, 10)} · {formatCount(p.tokens)} tokens
                  </Link>
                  <span className="text-ink-soft">
                    {formatMoney(p.totalMinor, p.currency)} · {TRANSACTION_STATUS_LABELS[p.status]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={`Sessions (${sessions.length})`}>
          {sessions.length === 0 ? (
            <p className="text-sm text-ink-soft">Not signed in anywhere.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {sessions.map((s) => (
                <li key={s.id} className="py-1.5 text-ink-soft">
                  {s.createdAt.slice(0, 16).replace("T", " ")} · {s.ipAddress || "Unknown address"} ·{" "}
                  <span title={s.userAgent ?? undefined}>{describeDevice(s.userAgent)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={`Access tokens (${apiTokens.filter((t) => t.active).length} active)`}>
          {message("revoke-token")}
          {apiTokens.length === 0 ? (
            <p className="text-sm text-ink-soft">No personal access tokens.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {apiTokens.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-ink-soft">
                  <span>
                    <span className="font-medium text-ink">{t.name}</span> <code>{t.prefix}…</code> ·{" "}
                    {t.scopes.join(", ")} ·{" "}
                    {t.lastUsedAt ? `last used ${t.lastUsedAt.slice(0, 16).replace("T", " ")}` : "never used"}
                    {t.active ? null : ` · ${t.revokedAt ? "revoked" : "expired"}`}
                  </span>
                  {t.active ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-token" />
                      <input type="hidden" name="tokenId" value={t.id} />
                      <button
                        type="submit"
                        className={buttonClass({ variant: "secondary", size: "sm" })}
                        aria-label={`Revoke the token ${t.name}`}
                      >
                        Revoke
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Notify">
          {message("notify")}
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="notify" />
            <TextField label="Title" name="title" error={field("notify", "title")} />
            <TextAreaField
              id="notify-message"
              label="Message"
              name="message"
              rows={3}
              error={field("notify", "message")}
            />
            <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
              Send notification
            </button>
          </Form>
        </Card>
      </div>

      <MemberHistory memberships={loaderData.memberships} />

      <Card title="Email">
        {message("email")}
        <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate {...unsaved}>
          <input type="hidden" name="intent" value="email" />
          <TextField label="Subject" name="subject" error={field("email", "subject")} />
          <TextAreaField
            id="email-message"
            label={<>Message to {user.email}</>}
            name="message"
            rows={4}
            error={field("email", "message")}
          />
          <div>
            <FieldLabel htmlFor="email-attachment">
              Attachment (optional: PDF, PNG, JPEG, WebP, TXT or CSV, up to 5 MB)
            </FieldLabel>
            <input
              id="email-attachment"
              name="attachment"
              type="file"
              accept=".pdf,.png,.jpg,.jpeg,.webp,.txt,.csv"
              className="text-sm"
            />
            <FieldError>{field("email", "attachment")}</FieldError>
          </div>
          <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
            Send email
          </button>
        </Form>
      </Card>

      <section className="rounded-2xl border border-danger/30 bg-paper-raised p-5" aria-label="Ban">
        <h2 className="font-semibold text-ink">{user.banned ? "Banned" : "Ban this account"}</h2>
        {message("ban") ?? message("unban")}
        <Form
          method="post"
          className="mt-3 flex flex-wrap items-start gap-3"
          noValidate
          onSubmit={(e) =>
            user.banned ||
            window.confirm(`Ban ${user.name}? Every session of theirs ends now and they cannot sign in until unbanned.`)
              ? undefined
              : e.preventDefault()
          }
        >
          <input type="hidden" name="intent" value={user.banned ? "unban" : "ban"} />
          {user.banned ? null : (
            <TextField
              label="Reason (kept for admins)"
              name="reason"
              className="min-w-72 flex-1"
              error={field("ban", "reason")}
            />
          )}
          <button
            type="submit"
            className={buttonClass({
              variant: user.banned ? "secondary" : "primary",
              className: user.banned ? "" : "mt-7",
            })}
            disabled={busy}
          >
            {user.banned ? "Unban" : "Ban and end their sessions"}
          </button>
        </Form>
      </section>
    </DetailPage>
  );
}

/**
 * /admin/redeem-codes (not in the spec's list): the codes of the token redeem event — create one
 * with its UTC window and an optional limit on how many people may redeem it (each person once),
 * switch it off and on, and see who redeemed it. Every change is audited.
 */
import { requireAdmin } from "@server/auth/guards";
import { createRedeemCode, listRedeemCodesForAdmin, setRedeemCodeActive } from "@server/commerce/redeem-codes";
import { getDb } from "@server/db/client";
import { Form, useNavigation } from "react-router";
import { When } from "~/components/when";
import { formatCount } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { redeemCodeForm } from "~/lib/admin-redeem-codes";
import { formRefill, formValues, parseForm, type FormSuccess } from "~/lib/forms";
import type { Route } from "./+types/redeem-codes";
import { EmptyList } from "~/components/admin/list-page";
import { SwitchRowButton } from "~/components/admin/row-actions";
import { formFailure, refusal } from "~/lib/forms.server";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Redeem codes · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const codes = await listRedeemCodesForAdmin(getDb());
  return {
    codes: codes.map((c) => ({
      id: c.id,
      code: c.code,
      tokens: c.tokens,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
      maxRedemptions: c.maxRedemptions,
      maxPerPerson: c.maxPerPerson,
      redemptions: c.redemptions,
      active: c.active,
      status: c.status,
      latest: c.latest.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        userId: r.userId,
        at: r.createdAt.toISOString(),
      })),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = getDb();
  try {
    if (intent === "create") {
      const parsed = parseForm(form, redeemCodeForm);
      if (!parsed.ok)
        return formFailure(
          { form: "Some fields need fixing.", fields: parsed.errors.fields },
          { values: parsed.values },
        );
      const row = await createRedeemCode(db, admin, parsed.data);
      const total =
        row.maxRedemptions === null
          ? "no total limit"
          : `${formatCount(row.maxRedemptions)} ${row.maxRedemptions === 1 ? "redemption" : "redemptions"} in all`;
      const each =
        row.maxPerPerson === 1 ? "once per person" : `up to ${formatCount(row.maxPerPerson)} times per person`;
      return {
        ok: true,
        message: `${row.code} is saved: ${formatCount(row.tokens)} tokens each time, ${each}, ${total}, in its window.`,
      } satisfies FormSuccess;
    }
    if (intent === "activate" || intent === "deactivate") {
      const row = await setRedeemCodeActive(db, admin, String(form.get("id") ?? ""), intent === "activate");
      return {
        ok: true,
        message: row.active ? `${row.code} is on.` : `${row.code} is off: nobody can redeem it.`,
      } satisfies FormSuccess;
    }
  } catch (error) {
    return refusal(error, { values: formValues(form) });
  }
  return formFailure({ form: "Unknown action." });
}

const STATUS_LABELS = {
  scheduled: "Scheduled",
  open: "Open now",
  ended: "Ended",
  "used-up": "All redeemed",
  off: "Off",
} as const;

export default function AdminRedeemCodesPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { values: v, field } = formRefill(actionData);
  return (
    <AdminPage
      className="mx-auto max-w-5xl space-y-8"
      title="Redeem codes"
      description="Codes for the token redeem event: people enter one on the pricing page while its window is open and get its tokens, once or as many times as the code allows each person. The countdown shows the next window while the event's flag is on (Settings)."
      answer={actionData}
    >
      <section className="rounded-2xl border border-line bg-paper-raised p-6" aria-labelledby="new-code">
        <h2 id="new-code" className="font-semibold text-ink">
          New code
        </h2>
        <Form
          method="post"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          noValidate
          key={actionData?.ok ? actionData.message : "form"}
        >
          <input type="hidden" name="intent" value="create" />
          <TextField
            label="Code"
            {...field("code")}
            hint="Letters and digits; people may type it in any case."
            maxLength={40}
          />
          <TextField label="Tokens each" {...field("tokens")} type="number" min={1} max={100000} />
          <TextField label="Opens (UTC)" {...field("startsAt")} type="datetime-local" />
          <TextField label="Closes (UTC)" {...field("endsAt")} type="datetime-local" />
          <TextField
            label="Redemptions in all, at most"
            {...field("maxRedemptions")}
            type="number"
            min={1}
            hint="Empty: no limit."
          />
          <TextField
            label="Times per person"
            {...field("maxPerPerson")}
            type="number"
            min={1}
            max={100}
            defaultValue={v.maxPerPerson ?? "1"}
            hint="1: each person redeems it once."
          />
          <div className="flex items-end">
            <button type="submit" className={buttonClass({})} disabled={busy}>
              Create the code
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="codes-heading" className="space-y-3">
        <h2 id="codes-heading" className="font-semibold text-ink">
          Codes
        </h2>
        {loaderData.codes.length === 0 ? (
          <EmptyList>No redeem codes yet. Create one above.</EmptyList>
        ) : (
          <ul className="space-y-3" aria-label="Redeem codes">
            {loaderData.codes.map((c) => (
              <li key={c.id} className="rounded-2xl border border-line bg-paper-raised p-4" aria-label={c.code}>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-mono text-lg font-semibold break-all text-ink">{c.code}</p>
                    <p className="text-sm text-ink-soft">
                      {formatCount(c.tokens)} tokens each · <When value={c.startsAt} zone="utc" zoneLabel={false} /> –{" "}
                      <When value={c.endsAt} zone="utc" />
                    </p>
                    <p className="text-sm text-ink-soft">
                      <span className="font-medium text-ink" data-testid={`status-${c.code}`}>
                        {STATUS_LABELS[c.status]}
                      </span>{" "}
                      · redeemed {formatCount(c.redemptions)}
                      {c.maxRedemptions === null ? "" : ` of ${formatCount(c.maxRedemptions)}`}{" "}
                      {(c.maxRedemptions ?? c.redemptions) === 1 ? "time" : "times"} ·{" "}
                      {c.maxPerPerson === 1
                        ? "once per person"
                        : `up to ${formatCount(c.maxPerPerson)} times per person`}
                    </p>
                  </div>
                  <SwitchRowButton
                    id={c.id}
                    active={c.active}
                    subject={c.code}
                    className={buttonClass({ size: "sm", variant: "secondary" })}
                    disabled={busy}
                  />
                </div>
                {c.latest.length > 0 ? (
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer font-medium text-accent">Who redeemed it</summary>
                    <ul className="mt-2 divide-y divide-line" aria-label={`Redemptions of ${c.code}`}>
                      {c.latest.map((r) => (
                        <li key={r.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                          <a
                            href={`/admin/user-form?id=${encodeURIComponent(r.userId)}`}
                            className="font-medium text-ink hover:underline"
                          >
                            {r.name} <span className="text-ink-faint">{r.email}</span>
                          </a>
                          <When value={r.at} zone="utc" className="text-ink-faint" />
                        </li>
                      ))}
                    </ul>
                    {c.redemptions > c.latest.length ? (
                      <p className="mt-1 text-ink-faint">and {formatCount(c.redemptions - c.latest.length)} earlier</p>
                    ) : null}
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}

/**
 * The profile's Membership section (issue 41): the plan and its state, the next charge, the
 * allowance left this period and the bought tokens, a change waiting for the renewal, the invoices
 * with their PDFs, and what a member does — change plan (priced before confirming), cancel (a
 * native dialog; before the page's script, a confirmation in place), resume, update the card.
 *
 * Every action is a plain form posting to `/api/memberships/current`, which answers with a redirect
 * back here carrying a notice or an error code (app/lib/membership-constants.ts); the loader reads
 * them (server/commerce/memberships/profile-view.ts). So it all works before hydration, and an
 * error shows beside the action that failed.
 */
import type { ChangeOption, MembershipSectionData } from "@server/commerce/memberships/profile-view";
import { CalendarClock, CreditCard, Crown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MembershipInvoices } from "~/components/account/membership-invoices";
import { ProfileSection } from "~/components/account/profile-section";
import { Modal } from "~/components/community/modal";
import { buttonClass } from "~/components/ui/button";
import { FieldError, FormMessage } from "~/components/ui/field";
import { When } from "~/components/when";
import { cn } from "~/lib/cn";
import { formatCount, formatMoney } from "~/lib/format";
import {
  MEMBERSHIP_QUERY,
  MEMBERSHIP_STATUS_WORDS,
  type MembershipIntent,
  membershipErrorMessage,
  PLAN_INTERVAL_ADJECTIVES,
  PLAN_INTERVAL_WORDS,
} from "~/lib/membership-constants";

const ENDPOINT = "/api/memberships/current";
const linkClass = "font-medium text-accent underline-offset-4 hover:underline";

type View = NonNullable<MembershipSectionData["membership"]>;

export function MembershipSection({ data }: { data: MembershipSectionData }) {
  const { membership, error } = data;
  /** The refusal's words, when it belongs to `intent`. */
  const errorFor = (...intents: (MembershipIntent | null)[]) =>
    error && intents.includes(error.intent) ? membershipErrorMessage(error.code, error.intent ?? "change") : null;
  return (
    <div id="membership" className="scroll-mt-24" data-testid="membership-section">
      <ProfileSection Icon={Crown} title="Membership">
        <div className="space-y-5">
          <Notice data={data} />
          {errorFor(null) ? <FormMessage tone="error">{errorFor(null)}</FormMessage> : null}
          {membership ? <Member data={data} membership={membership} errorFor={errorFor} /> : <Pitch />}
        </div>
      </ProfileSection>
    </div>
  );
}

function Pitch() {
  return (
    <div className="space-y-3 text-sm text-ink-soft">
      <p>
        You are not a member. A membership brings tokens every month without buying them each time, and perks while you
        are a member: more pictures at once, a place ahead in a busy queue, larger pictures and a badge beside your
        name. Cancel any time; the perks last to the end of the period you paid for.
      </p>
      <Link to="/pricing-plans" className={buttonClass({ size: "sm" })}>
        See the plans
      </Link>
    </div>
  );
}

/** What the last action did, from the address it came back with. */
function Notice({ data }: { data: MembershipSectionData }) {
  const { notice, membership } = data;
  if (!notice) return null;
  const end = membership?.currentPeriodEnd ? <When value={membership.currentPeriodEnd} style="date" /> : null;
  let words: ReactNode;
  switch (notice) {
    case "upgraded":
      words = (
        <>
          You are on {membership?.plan.name ?? "your new plan"} now. What was charged and why is on the newest invoice
          below.
        </>
      );
      break;
    case "scheduled":
      words = membership?.scheduled ? (
        <>
          Done: from {end}, your plan is {membership.scheduled.plan.name},{" "}
          {PLAN_INTERVAL_ADJECTIVES[membership.scheduled.interval].toLowerCase()}. Nothing is charged today.
        </>
      ) : (
        "Done: your plan changes at the renewal."
      );
      break;
    case "kept":
      words = <>Your plan stays {membership?.plan.name ?? "as it is"}: the change waiting for the renewal is undone.</>;
      break;
    case "canceled":
      words = membership ? (
        <>Your membership is canceled: it ends on {end}, and your perks and allowance stay until then.</>
      ) : (
        "Your membership has ended and nothing more will be charged. The tokens you bought stay yours."
      );
      break;
    case "resumed":
      words = <>Your membership goes on: it renews on {end}.</>;
      break;
  }
  return <FormMessage tone="success">{words}</FormMessage>;
}

/** A plain form to the membership endpoint: `fields` as hidden inputs, and its button(s). */
function ActionForm({
  intent,
  fields = {},
  children,
  className,
}: {
  intent: MembershipIntent;
  fields?: Record<string, string>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action={ENDPOINT} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

function Member({
  data,
  membership,
  errorFor,
}: {
  data: MembershipSectionData;
  membership: View;
  errorFor: (...intents: (MembershipIntent | null)[]) => string | null;
}) {
  const m = membership;
  const end = m.currentPeriodEnd ? <When value={m.currentPeriodEnd} style="date" /> : null;
  const pastDue = m.status === "past_due";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="font-display text-2xl font-semibold text-ink" data-testid="membership-plan">
          {m.plan.name}
        </span>
        <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong">
          {m.plan.badge}
        </span>
        <span className="text-sm text-ink-soft">{PLAN_INTERVAL_ADJECTIVES[m.interval]}</span>
        <span
          data-testid="membership-status"
          className={cn(
            "rounded-full px-2.5 py-0.5 text-xs font-semibold",
            pastDue
              ? "bg-red-50 text-danger"
              : m.cancelAtPeriodEnd
                ? "bg-amber-100 text-amber-900"
                : "bg-emerald-50 text-success",
          )}
        >
          {pastDue ? MEMBERSHIP_STATUS_WORDS.past_due : m.cancelAtPeriodEnd ? "Ending" : MEMBERSHIP_STATUS_WORDS.active}
        </span>
      </div>

      {pastDue ? (
        <div className="rounded-2xl border border-danger/30 bg-red-50 p-4" role="status">
          <p className="font-semibold text-danger">Your last payment failed.</p>
          <p className="mt-1 text-sm text-ink">
            {m.pastDue?.nextAttemptAt ? (
              <>
                We try again on <When value={m.pastDue.nextAttemptAt} style="date" />.{" "}
              </>
            ) : null}
            Your perks stay meanwhile. Update your card and the payment is tried again at once.
          </p>
          <ActionForm intent="card" className="mt-3">
            <button type="submit" className={buttonClass({ size: "sm" })}>
              <CreditCard aria-hidden className="size-4" /> Update your card
            </button>
          </ActionForm>
          <FieldError>{errorFor("card")}</FieldError>
        </div>
      ) : null}

      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <Fact label={m.nextCharge ? "Next charge" : "Ends"} testId="membership-next-charge">
          {m.nextCharge ? (
            <>
              {formatMoney(m.nextCharge.amountMinor, m.nextCharge.currency)} on{" "}
              <When value={m.nextCharge.at} style="date" />
            </>
          ) : end ? (
            <>
              On {end}
              <span className="block font-normal text-ink-soft">nothing more is charged</span>
            </>
          ) : (
            "—"
          )}
        </Fact>
        <Fact label="Allowance left" testId="membership-allowance">
          {formatCount(m.allowance.tokens)} tokens
          {m.allowance.endsAt ? (
            <span className="block font-normal text-ink-soft">
              this period, until <When value={m.allowance.endsAt} style="date" />
            </span>
          ) : null}
        </Fact>
        <Fact label="Bought tokens" testId="membership-bought">
          {formatCount(m.bought)} tokens
          <span className="block font-normal text-ink-soft">spent after the allowance; they never end</span>
        </Fact>
      </dl>

      {m.scheduled ? (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-paper-sunken p-4 text-sm"
          data-testid="membership-scheduled"
        >
          <p className="flex items-start gap-2 text-ink">
            <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>
              From {end}: {m.scheduled.plan.name},{" "}
              {formatMoney(
                m.scheduled.interval === "year"
                  ? m.scheduled.plan.yearlyPriceMinor
                  : m.scheduled.plan.monthlyPriceMinor,
                m.scheduled.plan.currency,
              )}{" "}
              {PLAN_INTERVAL_WORDS[m.scheduled.interval]}
            </span>
          </p>
          <ActionForm intent="change" fields={{ planId: m.plan.id, interval: m.interval }}>
            <button type="submit" className={buttonClass({ size: "sm", variant: "secondary" })}>
              Keep {m.plan.name}
            </button>
          </ActionForm>
        </div>
      ) : null}

      {m.cancelAtPeriodEnd ? (
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm">
          <p className="text-ink">
            Your membership ends on {end}. Your perks and allowance stay until then, and nothing more is charged.
          </p>
          <ActionForm intent="resume" className="mt-3">
            <button type="submit" className={buttonClass({ size: "sm" })}>
              Resume my membership
            </button>
          </ActionForm>
          <FieldError>{errorFor("resume")}</FieldError>
        </div>
      ) : null}

      <ChangePlan data={data} membership={m} error={errorFor("change", "preview")} />

      <div className="flex flex-wrap items-start gap-3 border-t border-line pt-5">
        {pastDue ? null : (
          <div>
            <ActionForm intent="card">
              <button type="submit" className={buttonClass({ size: "sm", variant: "secondary" })}>
                <CreditCard aria-hidden className="size-4" /> Update card
              </button>
            </ActionForm>
            <FieldError>{errorFor("card")}</FieldError>
          </div>
        )}
        {m.cancelAtPeriodEnd ? null : <CancelMembership membership={m} error={errorFor("cancel")} />}
      </div>

      <MembershipInvoices membership={m} />
    </div>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-paper-sunken px-4 py-3">
      <dt className="text-xs font-medium tracking-wider text-ink-soft uppercase">{label}</dt>
      <dd className="mt-1 font-semibold text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function optionPrice(option: Pick<ChangeOption, "amountMinor" | "currency" | "interval">) {
  return `${formatMoney(option.amountMinor, option.currency)} ${PLAN_INTERVAL_WORDS[option.interval]}`;
}

/** The plans to change to, each with a Preview; then the preview itself, with what confirming charges and why. */
function ChangePlan({
  data,
  membership,
  error,
}: {
  data: MembershipSectionData;
  membership: View;
  error: string | null;
}) {
  const { options, preview } = data;
  const end = membership.currentPeriodEnd ? <When value={membership.currentPeriodEnd} style="date" /> : null;
  if (membership.status === "past_due" || membership.cancelAtPeriodEnd)
    return (
      <p className="text-sm text-ink-soft">
        {membership.status === "past_due"
          ? "To change your plan, update your card first."
          : "To change your plan, resume your membership first."}
      </p>
    );
  return (
    <section aria-labelledby="membership-change" className="space-y-3">
      <h3 id="membership-change" className="font-semibold text-ink">
        Change plan
      </h3>
      {preview ? (
        <Preview preview={preview} membership={membership} error={error} />
      ) : (
        <>
          <FieldError>{error}</FieldError>
          <p className="text-sm text-ink-soft">
            A dearer plan starts at once, charged for the rest of this period; a cheaper one from {end ?? "the renewal"}
            . To switch between monthly and yearly, cancel and join the other way when this period ends.
          </p>
          {options.length === 0 ? (
            <p className="text-sm text-ink-soft">No other plan is on sale just now.</p>
          ) : (
            <ul
              className="divide-y divide-line rounded-2xl border border-line text-sm"
              data-testid="membership-options"
            >
              {options.map((option) => (
                <li
                  key={`${option.planId}:${option.interval}`}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-ink">
                      {option.name}, {PLAN_INTERVAL_ADJECTIVES[option.interval].toLowerCase()}
                    </span>
                    <span className="block text-ink-soft">
                      {optionPrice(option)} · {formatCount(option.tokens)} tokens {PLAN_INTERVAL_WORDS[option.interval]}{" "}
                      · {option.when === "now" ? "now, prorated" : <>from {end}</>}
                    </span>
                  </span>
                  <ActionForm intent="preview" fields={{ planId: option.planId, interval: option.interval }}>
                    <button
                      type="submit"
                      className={buttonClass({ size: "sm", variant: "secondary" })}
                      aria-label={`Preview ${option.name}, ${PLAN_INTERVAL_ADJECTIVES[option.interval].toLowerCase()}`}
                    >
                      Preview
                    </button>
                  </ActionForm>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Preview({
  preview,
  membership,
  error,
}: {
  preview: NonNullable<MembershipSectionData["preview"]>;
  membership: View;
  error: string | null;
}) {
  const change = preview.change;
  const name = `${preview.planName ?? "That plan"}, ${PLAN_INTERVAL_ADJECTIVES[preview.interval].toLowerCase()}`;
  const back = (
    <Link to="/user-profile#membership" className={cn(linkClass, "text-sm")} preventScrollReset>
      Choose another plan
    </Link>
  );
  if (!change)
    return (
      <div className="space-y-2" data-testid="membership-preview">
        <FieldError>{preview.refusal ?? error}</FieldError>
        {back}
      </div>
    );
  const fields = { planId: preview.planId, interval: preview.interval };
  return (
    <div
      className="space-y-4 rounded-2xl border border-accent/30 bg-accent-soft/40 p-4 text-sm"
      data-testid="membership-preview"
    >
      {change.kind === "upgrade" ? (
        <>
          <p className="text-ink">
            <strong>{name}</strong> from today. You pay{" "}
            <strong>{formatMoney(change.amountMinor, change.currency)}</strong> now for the rest of this period, and the
            difference in tokens comes at once:
          </p>
          <table className="w-full text-left">
            <caption className="sr-only">What is charged now</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {change.lines.map((line) => (
                <tr key={`${line.description}:${line.amountMinor}`}>
                  <td className="py-1.5 pr-3 text-ink-soft">{line.description}</td>
                  <td className="py-1.5 text-right whitespace-nowrap tabular-nums text-ink">
                    {line.amountMinor < 0
                      ? `−${formatMoney(-line.amountMinor, change.currency)}`
                      : formatMoney(line.amountMinor, change.currency)}
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row" className="py-1.5 pr-3 font-semibold text-ink">
                  Charged now
                </th>
                <td className="py-1.5 text-right font-semibold whitespace-nowrap tabular-nums text-ink">
                  {formatMoney(change.amountMinor, change.currency)}
                </td>
              </tr>
            </tbody>
          </table>
        </>
      ) : change.kind === "at_renewal" ? (
        <p className="text-ink">
          From <When value={change.startsAt} style="date" />: <strong>{name}</strong>,{" "}
          {formatMoney(change.amountMinor, change.currency)} {PLAN_INTERVAL_WORDS[preview.interval]}. Nothing is charged
          today; you keep {membership.plan.name} and its allowance until then.
        </p>
      ) : (
        <p className="text-ink">
          Keep {membership.plan.name}: the change waiting for <When value={change.startsAt} style="date" /> is undone.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <ActionForm intent="change" fields={fields}>
          <button type="submit" className={buttonClass({ size: "sm" })}>
            {change.kind === "upgrade"
              ? `Confirm: pay ${formatMoney(change.amountMinor, change.currency)}`
              : change.kind === "at_renewal"
                ? "Confirm the change"
                : `Keep ${membership.plan.name}`}
          </button>
        </ActionForm>
        {back}
      </div>
      <FieldError>{error}</FieldError>
    </div>
  );
}

/**
 * Cancel, asked first in a native dialog (ADR 0034). Before the page's script the button is a link
 * that shows the same question in place (`?membership_confirm=cancel`).
 */
function CancelMembership({ membership, error }: { membership: View; error: string | null }) {
  const [open, setOpen] = useState(false);
  const [query] = useSearchParams();
  const inPlace = query.get(MEMBERSHIP_QUERY.confirm) === "cancel";
  const pastDue = membership.status === "past_due";
  const question = pastDue ? (
    <>
      Your last payment failed, so your membership ends now and the payment is not tried again. Your{" "}
      {formatCount(membership.bought)} bought tokens stay yours.
    </>
  ) : (
    <>
      Your membership ends on{" "}
      {membership.currentPeriodEnd ? <When value={membership.currentPeriodEnd} style="date" /> : "the period's end"}.
      Your perks and your allowance ({formatCount(membership.allowance.tokens)} tokens left) stay until then, and
      nothing more is charged. You can resume until then.
    </>
  );
  const confirm = (
    <ActionForm intent="cancel" className="mt-5 flex flex-wrap justify-end gap-3">
      {inPlace ? (
        <Link
          to="/user-profile#membership"
          preventScrollReset
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          Keep my membership
        </Link>
      ) : (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          onClick={() => setOpen(false)}
        >
          Keep my membership
        </button>
      )}
      <button type="submit" className={buttonClass({ size: "sm", className: "bg-danger hover:bg-danger/90" })}>
        Cancel membership
      </button>
    </ActionForm>
  );
  return (
    <div className="min-w-0">
      {inPlace ? (
        <section className="rounded-2xl border border-danger/30 p-4 text-sm" aria-label="Cancel membership">
          <p className="font-semibold text-ink">Cancel your membership?</p>
          <p className="mt-1 text-ink-soft">{question}</p>
          {confirm}
        </section>
      ) : (
        <a
          href={`/user-profile?${MEMBERSHIP_QUERY.confirm}=cancel#membership`}
          className={buttonClass({ size: "sm", variant: "secondary" })}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          Cancel membership
        </a>
      )}
      <FieldError>{error}</FieldError>
      <Modal open={open} onClose={() => setOpen(false)} title="Cancel your membership?">
        <p className="text-ink-soft">{question}</p>
        {confirm}
      </Modal>
    </div>
  );
}

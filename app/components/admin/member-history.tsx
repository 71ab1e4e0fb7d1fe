/**
 * A person's memberships on their admin user record (issue 41): each membership's plan, dates and
 * how it ended, its invoices, and a refund of a paid invoice — confirmed in a dialog that asks for
 * the reason (ADR 0034), answered by the page action's `refund-invoice` intent.
 */
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/community/modal";
import { buttonClass } from "~/components/ui/button";
import { ActionNotice, TextField } from "~/components/ui/field";
import { When } from "~/components/when";
import {
  MEMBERSHIP_END_REASON_LABELS,
  MEMBERSHIP_INVOICE_STATUS_LABELS,
  MEMBERSHIP_STATUS_LABELS,
} from "~/lib/admin-members";
import { formatCount, formatMoney } from "~/lib/format";
import type { FormAnswer } from "~/lib/forms";

export interface MemberInvoiceView {
  id: string;
  reason: string;
  status: string;
  planName: string;
  interval: string;
  amountMinor: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
  paidAt: string | null;
  tokensGranted: number;
  tokensTakenBack: number | null;
  unrecoveredTokens: number | null;
  refundedMinor: number | null;
}

export interface MemberMembershipView {
  id: string;
  status: string;
  planName: string;
  interval: string;
  provider: string;
  createdAt: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  scheduledPlanName: string | null;
  pastDueSince: string | null;
  endedAt: string | null;
  endReason: string | null;
  invoices: MemberInvoiceView[];
}

const INVOICE_REASONS: Record<string, string> = { first: "First", renewal: "Renewal", upgrade: "Upgrade" };

function membershipSummary(m: MemberMembershipView) {
  const interval = m.interval === "year" ? "yearly" : "monthly";
  return `${m.planName} · ${interval} · ${m.provider}`;
}

function MembershipState({ m }: { m: MemberMembershipView }) {
  if (m.status === "ended")
    return (
      <>
        Ended {m.endedAt ? <When value={m.endedAt} style="date" zone="utc" /> : null}
        {m.endReason ? ` · ${MEMBERSHIP_END_REASON_LABELS[m.endReason] ?? m.endReason}` : null}
      </>
    );
  return (
    <>
      {MEMBERSHIP_STATUS_LABELS[m.status] ?? m.status}
      {m.status === "past_due" && m.pastDueSince ? (
        <>
          {" "}
          since <When value={m.pastDueSince} style="date" zone="utc" />
        </>
      ) : null}
      {m.currentPeriodEnd && m.status !== "incomplete" ? (
        <>
          {" "}
          · {m.cancelAtPeriodEnd ? "ends" : "renews"} <When value={m.currentPeriodEnd} style="date" zone="utc" />
        </>
      ) : null}
      {m.scheduledPlanName ? ` · then ${m.scheduledPlanName}` : null}
    </>
  );
}

function refundNote(i: MemberInvoiceView): string | null {
  if (i.status !== "refunded") return null;
  const money = formatMoney(i.refundedMinor ?? i.amountMinor, i.currency);
  if (i.tokensGranted === 0) return `${money} refunded`;
  return `${money} refunded · ${formatCount(i.tokensTakenBack ?? 0)} of ${formatCount(i.tokensGranted)} tokens taken back`;
}

export function MemberHistory({ memberships }: { memberships: MemberMembershipView[] }) {
  const fetcher = useFetcher<FormAnswer>();
  const [refunding, setRefunding] = useState<{ invoice: MemberInvoiceView } | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  // A refund that went through closes the dialog; its message shows above the history.
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) setRefunding(null);
  }, [fetcher.state, answer]);
  // A refusal belongs to the invoice it was for, not to the next one the dialog opens on.
  const failed = answer && !answer.ok && answer.values.invoiceId === refunding?.invoice.id ? answer : null;

  return (
    <section className="rounded-2xl border border-line bg-paper-raised p-5" aria-label="Memberships">
      <h2 className="font-semibold text-ink">Memberships</h2>
      {answer?.ok ? <ActionNotice answer={answer} className="mt-3" /> : null}
      {memberships.length === 0 ? (
        <p className="mt-3 text-sm text-ink-soft">Never a member.</p>
      ) : (
        <ol className="mt-3 space-y-5">
          {memberships.map((m) => (
            <li key={m.id} className="space-y-2">
              <p className="text-sm">
                <span className="font-medium text-ink">{membershipSummary(m)}</span>
                <span className="block text-ink-soft">
                  Started <When value={m.createdAt} style="date" zone="utc" /> · <MembershipState m={m} />
                </span>
              </p>
              {m.invoices.length === 0 ? (
                <p className="text-sm text-ink-soft">No invoice.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Invoices of the {membershipSummary(m)} membership</caption>
                    <thead className="text-ink-soft">
                      <tr>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          Period (UTC)
                        </th>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          Invoice
                        </th>
                        <th scope="col" className="py-1 pr-3 text-right font-medium">
                          Amount
                        </th>
                        <th scope="col" className="py-1 pr-3 text-right font-medium">
                          Tokens
                        </th>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          Status
                        </th>
                        <th scope="col" className="py-1 font-medium">
                          <span className="sr-only">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-line">
                      {m.invoices.map((i) => (
                        <tr key={i.id}>
                          <td className="py-1.5 pr-3 whitespace-nowrap">
                            <When value={i.periodStart} style="date" zone="utc" /> –{" "}
                            <When value={i.periodEnd} style="date" zone="utc" />
                          </td>
                          <td className="py-1.5 pr-3">
                            {INVOICE_REASONS[i.reason] ?? i.reason} · {i.planName}
                          </td>
                          <td className="py-1.5 pr-3 text-right tabular-nums">
                            {formatMoney(i.amountMinor, i.currency)}
                          </td>
                          <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(i.tokensGranted)}</td>
                          <td className="py-1.5 pr-3">
                            {MEMBERSHIP_INVOICE_STATUS_LABELS[i.status] ?? i.status}
                            {refundNote(i) ? <span className="block text-ink-soft">{refundNote(i)}</span> : null}
                          </td>
                          <td className="py-1.5 text-right">
                            {i.status === "paid" ? (
                              <button
                                type="button"
                                className={buttonClass({ variant: "secondary", size: "sm" })}
                                aria-label={`Refund the ${i.planName} invoice of ${formatMoney(i.amountMinor, i.currency)}`}
                                onClick={() => setRefunding({ invoice: i })}
                              >
                                Refund
                              </button>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      <Modal open={refunding !== null} onClose={() => setRefunding(null)} title="Refund this invoice?">
        {refunding ? (
          <fetcher.Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="refund-invoice" />
            <input type="hidden" name="invoiceId" value={refunding.invoice.id} />
            <p className="text-ink-soft">
              Refunds {formatMoney(refunding.invoice.amountMinor, refunding.invoice.currency)} for{" "}
              {refunding.invoice.planName} (<When value={refunding.invoice.periodStart} style="date" zone="utc" /> –{" "}
              <When value={refunding.invoice.periodEnd} style="date" zone="utc" />
              ), then takes back what is unspent of the {formatCount(refunding.invoice.tokensGranted)} tokens it granted
              — never tokens they bought. Refunding the current period ends the membership at once.
            </p>
            {failed?.errors.form ? <ActionNotice answer={failed} /> : null}
            <TextField label="Reason (kept for admins)" name="reason" required error={failed?.errors.fields.reason} />
            <div className="flex justify-end gap-3">
              <button
                type="button"
                className={buttonClass({ variant: "secondary", size: "sm" })}
                onClick={() => setRefunding(null)}
              >
                Cancel
              </button>
              <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
                {busy ? "Refunding…" : "Refund"}
              </button>
            </div>
          </fetcher.Form>
        ) : null}
      </Modal>
    </section>
  );
}

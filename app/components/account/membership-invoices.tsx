/** A member's invoices on their profile: what each paid for, its state, the tokens it brought, its PDF. */
import type { MembershipSectionData } from "@server/commerce/memberships/profile-view";
import { FileText } from "lucide-react";
import { When } from "~/components/when";
import { cn } from "~/lib/cn";
import { formatCount, formatMoney } from "~/lib/format";
import { MEMBERSHIP_INVOICE_REASON_WORDS, MEMBERSHIP_INVOICE_STATUS_WORDS } from "~/lib/membership-constants";

const linkClass = "font-medium text-accent underline-offset-4 hover:underline";

type View = NonNullable<MembershipSectionData["membership"]>;

export function MembershipInvoices({ membership }: { membership: View }) {
  return (
    <section aria-labelledby="membership-invoices">
      <h3 id="membership-invoices" className="font-semibold text-ink">
        Invoices
      </h3>
      {membership.invoices.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">No invoices yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm" data-testid="membership-invoices">
          {membership.invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
              <span className="min-w-0 flex-1 basis-56">
                <span className="block font-medium text-ink">
                  {MEMBERSHIP_INVOICE_REASON_WORDS[invoice.reason] ?? invoice.reason} · {invoice.planName}
                </span>
                <span className="block text-ink-faint">
                  <When value={invoice.paidAt ?? invoice.periodStart} style="date" /> ·{" "}
                  <span className={invoice.status === "failed" ? "font-medium text-danger" : undefined}>
                    {MEMBERSHIP_INVOICE_STATUS_WORDS[invoice.status] ?? invoice.status}
                  </span>
                  {invoice.status === "failed" && invoice.nextAttemptAt ? (
                    <>
                      {" "}
                      (tried again on <When value={invoice.nextAttemptAt} style="date" />)
                    </>
                  ) : null}{" "}
                  · {formatCount(invoice.tokensGranted)} tokens
                </span>
                {invoice.reason === "change" || invoice.reason === "upgrade"
                  ? invoice.lines.map((line) => (
                      <span key={`${line.description}:${line.amountMinor}`} className="mt-1 block text-ink-soft">
                        {line.description}:{" "}
                        <span className="whitespace-nowrap tabular-nums">
                          {line.amountMinor < 0 ? "−" : ""}
                          {formatMoney(Math.abs(line.amountMinor), invoice.currency)}
                        </span>
                      </span>
                    ))
                  : null}
              </span>
              <span className="flex items-center gap-3">
                <span className="font-semibold whitespace-nowrap tabular-nums text-ink">{invoice.amount}</span>
                <a
                  href={`/api/memberships/invoices/${invoice.id}/pdf`}
                  className={cn("inline-flex items-center gap-1", linkClass)}
                  download
                >
                  <FileText aria-hidden className="size-4" /> PDF
                  <span className="sr-only">
                    {" "}
                    of the invoice of <When value={invoice.paidAt ?? invoice.periodStart} style="date" />
                  </span>
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

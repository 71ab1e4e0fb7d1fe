/** /admin/detail-history-transaction?id=…: one purchase — lines, discount, status timeline, provider references — and its refund. */
import { requireAdmin } from "@server/auth/guards";
import { getTransactionForAdmin } from "@server/commerce/admin-transactions";
import { refundTransaction } from "@server/commerce/refunds";
import { getDb } from "@server/db/client";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { When } from "~/components/when";
import { cn } from "~/lib/cn";
import { formatCount, formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { TextField, ActionNotice } from "~/components/ui/field";
import { refundForm } from "~/lib/admin-transactions";
import { TRANSACTION_STATUS_LABELS } from "~/lib/commerce";
import { parseForm, type FormSuccess } from "~/lib/forms";
import type { Route } from "./+types/detail-history-transaction";
import { PageHeading } from "~/components/ui/page-heading";
import { DetailPage } from "~/components/admin/detail-page";
import { formFailure, refusal } from "~/lib/forms.server";

export const meta = () => [{ title: "Transaction · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  if (!id) return { transaction: null };
  const transaction = await getTransactionForAdmin(getDb(), id);
  if (!transaction) throw data("That transaction does not exist.", { status: 404 });
  return { transaction };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  // The id comes from the address: one that cannot be a transaction id never reaches the database (it would refuse NUL or a non-uuid).
  if (!z.guid().safeParse(id).success)
    return formFailure({ form: "That transaction does not exist." }, { status: 404 });
  const parsed = parseForm(await request.formData(), refundForm);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    const result = await refundTransaction(getDb(), id, { actor: admin, reason: parsed.data.reason });
    return { ok: true, message: result.message } satisfies FormSuccess;
  } catch (error) {
    return refusal(error, { values: parsed.data });
  }
}

/** One titled card of the page, named by its heading for screen readers. */
function Panel({
  id,
  title,
  className,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border bg-paper-raised p-5", danger ? "border-danger/30" : "border-line", className)}
    >
      <h2 id={id} className="font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminDetailHistoryTransactionPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = loaderData.transaction;
  if (!t) {
    return (
      <div className="max-w-2xl space-y-4">
        <PageHeading>Transaction</PageHeading>
        <p className="text-ink-soft">Choose a transaction in the history to see it here.</p>
        <Link to="/admin/history-transaction" className={buttonClass()}>
          Open the history
        </Link>
      </div>
    );
  }
  const money = (minor: number) => formatMoney(minor, t.currency);
  return (
    <DetailPage
      backTo="/admin/history-transaction"
      backLabel="Transactions"
      title={`${money(t.totalMinor)} · ${TRANSACTION_STATUS_LABELS[t.status]}`}
      header={
        <p className="mt-1 text-ink-soft">
          {t.buyer.name} ({t.buyer.email}) ·{" "}
          <Link to={`/admin/user-form?id=${t.buyer.id}`} className="text-accent hover:underline">
            the buyer's account
          </Link>
        </p>
      }
    >
      <ActionNotice answer={actionData} />

      <Panel id="lines-heading" title="Lines">
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Lines</caption>
          <thead className="text-left text-ink-soft">
            <tr>
              <th className="py-1 font-medium">Product</th>
              <th className="py-1 text-right font-medium">Qty</th>
              <th className="py-1 text-right font-medium">Unit</th>
              <th className="py-1 text-right font-medium">Discount</th>
              <th className="py-1 text-right font-medium">Total</th>
              <th className="py-1 text-right font-medium">Tokens</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {t.lines.map((l) => (
              <tr key={l.productId}>
                <td className="py-2">{l.name}</td>
                <td className="py-2 text-right tabular-nums">{l.quantity}</td>
                <td className="py-2 text-right tabular-nums">{money(l.unitPriceMinor)}</td>
                <td className="py-2 text-right tabular-nums">{l.discountMinor ? `−${money(l.discountMinor)}` : "—"}</td>
                <td className="py-2 text-right tabular-nums">{money(l.totalMinor)}</td>
                <td className="py-2 text-right tabular-nums">{formatCount(l.unitTokens * l.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd className="tabular-nums">{money(t.subtotalMinor)}</dd>
          <dt className="text-ink-soft">Discount</dt>
          <dd className="tabular-nums">{t.discountMinor ? `−${money(t.discountMinor)} (${t.discountCode})` : "—"}</dd>
          <dt className="text-ink-soft">Total</dt>
          <dd className="font-semibold tabular-nums">{money(t.totalMinor)}</dd>
          <dt className="text-ink-soft">Tokens</dt>
          <dd className="tabular-nums">{formatCount(t.tokens)}</dd>
        </dl>
      </Panel>

      <Panel id="provider-heading" title="Provider" className="text-sm">
        <dl className="mt-3 grid gap-y-1 sm:grid-cols-[12rem_1fr]">
          <dt className="text-ink-soft">Provider</dt>
          <dd>{t.provider}</dd>
          <dt className="text-ink-soft">Checkout</dt>
          <dd className="font-mono break-all">{t.providerSessionId ?? "—"}</dd>
          <dt className="text-ink-soft">Payment</dt>
          <dd className="font-mono break-all">{t.providerPaymentId ?? "—"}</dd>
          <dt className="text-ink-soft">Refund</dt>
          <dd className="font-mono break-all">{t.providerRefundId ?? "—"}</dd>
          <dt className="text-ink-soft">Transaction</dt>
          <dd className="font-mono break-all">{t.id}</dd>
        </dl>
      </Panel>

      <Panel id="timeline-heading" title="Status history" className="text-sm">
        <ol className="mt-3 space-y-2">
          {t.events.map((e) => (
            <li key={`${e.at}:${e.status}:${e.source}`} className="flex flex-wrap gap-x-3">
              <When value={e.at} style="dateTimeSeconds" zone="utc" className="w-52 text-ink-soft" />
              <span className="font-medium text-ink">{TRANSACTION_STATUS_LABELS[e.status]}</span>
              <span className="text-ink-soft">{e.source}</span>
              {e.note ? <span className="w-full text-ink-soft sm:w-auto">— {e.note}</span> : null}
            </li>
          ))}
        </ol>
      </Panel>

      {t.status === "paid" ? (
        <Panel id="refund-heading" title="Refund" danger>
          <p className="mt-1 text-sm text-ink-soft">
            Refunds {money(t.totalMinor)} through {t.provider}, then takes back the {formatCount(t.tokens)} tokens — as
            many as the buyer still has.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-start gap-3">
            <TextField
              label="Reason"
              name="reason"
              className="min-w-72 flex-1"
              error={actionData && !actionData.ok ? actionData.errors.fields.reason : undefined}
            />
            <button type="submit" className={buttonClass({ className: "mt-7" })} disabled={busy}>
              {busy ? "Refunding…" : "Refund"}
            </button>
          </Form>
        </Panel>
      ) : null}
    </DetailPage>
  );
}

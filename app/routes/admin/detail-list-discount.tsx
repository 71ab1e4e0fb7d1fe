/** /admin/detail-list-discount: a new code (no id) or one code (?id=…) with its usage figures. */
import { requireAdmin } from "@server/auth/guards";
import {
  createDiscount,
  discountFormValues,
  getDiscountForAdmin,
  updateDiscount,
} from "@server/commerce/admin-discounts";
import { listShopProducts } from "@server/commerce/products";
import { getDb } from "@server/db/client";
import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { DetailPage, EditorForm, SaveButton } from "~/components/admin/detail-page";
import { formatMoney } from "~/lib/format";
import { inputClass, TextField, ActionNotice } from "~/components/ui/field";
import { SHOP_CURRENCIES } from "~/lib/admin-products";
import { discountForm } from "~/lib/admin-discounts";
import { formRefill, formValues, type FormSuccess } from "~/lib/forms";
import { controlCharacterFields } from "~/lib/plain-text";
import type { Route } from "./+types/detail-list-discount";
import { formFailure, refusal } from "~/lib/forms.server";

export const meta = () => [{ title: "Discount · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const products = (await listShopProducts(db)).map((p) => ({ id: p.id, name: p.name }));
  const id = new URL(request.url).searchParams.get("id");
  if (!id)
    return {
      id: null,
      products,
      usage: null,
      redemptions: 0,
      values: { kind: "percent", currency: "USD", maxPerUser: "1", minOrder: "0.00", active: "on" } as Record<
        string,
        string
      >,
    };
  const found = await getDiscountForAdmin(db, id);
  if (!found) throw data("That discount does not exist.", { status: 404 });
  return {
    id,
    products,
    usage: found.usage,
    redemptions: found.discount.redemptions,
    values: discountFormValues(found.discount),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  // The id comes from the address: one that cannot be a discount id never reaches the database (it would refuse NUL or a non-uuid).
  if (id && !z.guid().safeParse(id).success) throw data("That discount does not exist.", { status: 404 });
  const formData = await request.formData();
  const raw = {
    ...Object.fromEntries([...formData].filter(([, v]) => typeof v === "string")),
    productIds: formData.getAll("productIds").map(String),
  };
  // What was typed, to refill the form with (the chosen products as one list).
  const typedBack = { ...formValues(formData), productIds: raw.productIds.join(",") };
  // Read by hand for the list of products, so text with control characters is refused here (PostgreSQL refuses NUL).
  const badText = controlCharacterFields(formData);
  const parsed = discountForm.safeParse(raw);
  if (Object.keys(badText).length > 0 || !parsed.success) {
    const fields: Record<string, string> = { ...badText };
    for (const issue of parsed.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
    return formFailure({ form: "Some fields need fixing.", fields }, { values: typedBack });
  }
  try {
    const db = getDb();
    if (!id) {
      const row = await createDiscount(db, admin, parsed.data);
      return redirect(`/admin/detail-list-discount?id=${row.id}&saved=1`);
    }
    await updateDiscount(db, admin, id, parsed.data);
    // The page's data reloads after an action, so the form shows the saved values.
    return { ok: true, message: "Saved. Buyers' carts use it now." } satisfies FormSuccess;
  } catch (error) {
    return refusal(error, { values: typedBack });
  }
}

export default function AdminDetailListDiscountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, values: v, field } = formRefill(actionData, loaderData.values);
  const [kind, setKind] = useState(v.kind ?? "percent");
  useEffect(() => setKind(v.kind ?? "percent"), [v.kind]);
  const chosen = new Set((v.productIds ?? "").split(",").filter(Boolean));
  return (
    <DetailPage
      backTo="/admin/manage-discount"
      backLabel="Discounts"
      title={loaderData.id ? `Discount ${loaderData.values.code}` : "New discount"}
      answer={actionData}
      saved="Created."
    >
      <ActionNotice answer={failed} />
      {loaderData.usage ? (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Usage">
          {[
            ["Held or used", String(loaderData.redemptions)],
            ["Paid orders", String(loaderData.usage.paidOrders)],
            ["Waiting for payment", String(loaderData.usage.held)],
            ["Taken off", formatMoney(loaderData.usage.discountedMinor, v.currency || "USD")],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-line bg-paper-raised p-4">
              <dt className="text-sm text-ink-soft">{label}</dt>
              <dd className="mt-1 font-display text-2xl font-semibold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <EditorForm answer={actionData} values={v} className="space-y-6">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Code" {...field("code")} hint="Buyers type it in any case." autoCapitalize="characters" />
          <TextField label="Description" {...field("description")} hint="For admins: what the code is for." />
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <label className="text-sm font-medium text-ink">
            Kind
            <select
              name="kind"
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              className={`${inputClass} mt-1.5`}
            >
              <option value="percent">Percent off</option>
              <option value="fixed">Amount off</option>
            </select>
          </label>
          <TextField
            label={kind === "percent" ? "Percent" : "Amount"}
            {...field("value")}
            inputMode="decimal"
            hint={kind === "percent" ? "1 to 100" : "For example 5.00"}
          />
          <label className="text-sm font-medium text-ink">
            Currency
            <select name="currency" defaultValue={v.currency || "USD"} className={`${inputClass} mt-1.5`}>
              {SHOP_CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Valid from (UTC)" {...field("validFrom")} type="datetime-local" hint="Empty: from now." />
          <TextField label="Valid until (UTC)" {...field("validUntil")} type="datetime-local" hint="Empty: no end." />
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <TextField label="Uses in total" {...field("maxRedemptions")} type="number" min={1} hint="Empty: no limit." />
          <TextField label="Uses per buyer" {...field("maxPerUser")} type="number" min={1} />
          <TextField label="Minimum order" {...field("minOrder")} inputMode="decimal" hint="0.00 for none." />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-ink">Only for these packs</legend>
          <p className="text-sm text-ink-soft">None ticked: every pack.</p>
          <div className="mt-2 flex flex-wrap gap-4">
            {loaderData.products.map((p) => (
              <label key={p.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="productIds"
                  value={p.id}
                  defaultChecked={chosen.has(p.id)}
                  className="size-4"
                />{" "}
                {p.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" name="active" defaultChecked={v.active === "on"} className="size-4" /> On
        </label>
        <SaveButton>{loaderData.id ? "Save changes" : "Create discount"}</SaveButton>
      </EditorForm>
    </DetailPage>
  );
}

/** /admin/duplicate-list-product?id=…: a prefilled copy of a product, saved as a new one and inactive until switched on. */
import { requireAdmin } from "@server/auth/guards";
import { createProduct, getProductForAdmin, productFormValues } from "@server/commerce/admin-products";
import { getDb } from "@server/db/client";
import { data, Link, redirect } from "react-router";
import { ChooseFromList, ProductEditor } from "~/components/admin/product-editor";
import { FormMessage } from "~/components/ui/field";
import { productForm } from "~/lib/admin-products";
import { parseForm } from "~/lib/forms";
import type { Route } from "./+types/duplicate-list-product";

export const meta = () => [{ title: "Duplicate a product · Atelier admin" }];

async function source(request: Request) {
  const row = await getProductForAdmin(getDb(), new URL(request.url).searchParams.get("id") ?? "");
  if (!row) throw data("That product does not exist.", { status: 404 });
  return row;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!new URL(request.url).searchParams.get("id")) return null;
  const row = await source(request);
  return { name: row.name, values: productFormValues(row, true) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const row = await source(request);
  const parsed = parseForm(await request.formData(), productForm);
  if (!parsed.ok) return data({ values: parsed.values, fields: parsed.errors.fields, message: "Some fields need fixing." }, { status: 400 });
  const copy = await createProduct(getDb(), admin, parsed.data, { duplicateOf: row.id });
  return redirect(`/admin/edit-list-product?id=${copy.id}&saved=1`);
}

export default function AdminDuplicateListProductPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return <ChooseFromList verb="duplicate" />;
  return (
    <div className="max-w-4xl space-y-6">
      <header>
        <Link to="/admin/list-product" className="text-sm text-ink-soft hover:underline">
          ← Products
        </Link>
        <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink">Duplicate {loaderData.name}</h1>
      </header>
      <FormMessage tone="info">A copy is saved as a new product, not on sale until you tick "On sale".</FormMessage>
      <ProductEditor state={actionData ?? { values: loaderData.values }} submitLabel="Save the copy" />
    </div>
  );
}

/** /admin/duplicate-list-product?id=…: a prefilled copy of a product, saved as a new one and inactive until switched on. */
import { requireAdmin } from "@server/auth/guards";
import {
  createProduct,
  getProductForAdmin,
  productFormValues,
  productImageUrl,
  readProductImage,
  setProductImage,
} from "@server/commerce/admin-products";
import { readProductSubmission } from "@server/commerce/admin-product-form";
import { getDb } from "@server/db/client";
import { data, redirect } from "react-router";
import { ChooseFromList, ProductEditor } from "~/components/admin/product-editor";
import { FormMessage } from "~/components/ui/field";
import type { Route } from "./+types/duplicate-list-product";
import { DetailPage } from "~/components/admin/detail-page";
import { formFailure } from "~/lib/forms.server";

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
  return { name: row.name, values: productFormValues(row, true), imageUrl: productImageUrl(row) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const row = await source(request);
  const db = getDb();
  const submission = await readProductSubmission(db, request, admin.userUid);
  if (!submission.ok) return data(submission.answer, { status: submission.status });
  if (!submission.form) return formFailure({ form: "Unknown action." });
  const copy = await createProduct(db, admin, submission.form, { duplicateOf: row.id });
  // The copy gets its own file: a new picture if one was chosen, else the original's (unless removed).
  const image = submission.image ?? (submission.removeImage ? null : await readProductImage(row));
  if (image) await setProductImage(db, admin, copy.id, image);
  return redirect(`/admin/edit-list-product?id=${copy.id}&saved=1`);
}

export default function AdminDuplicateListProductPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return <ChooseFromList verb="duplicate" />;
  return (
    <DetailPage backTo="/admin/list-product" backLabel="Products" title={`Duplicate ${loaderData.name}`}>
      <FormMessage tone="info">A copy is saved as a new product, not on sale until you tick "On sale".</FormMessage>
      <ProductEditor
        values={loaderData.values}
        answer={actionData}
        imageUrl={loaderData.imageUrl}
        submitLabel="Save the copy"
      />
    </DetailPage>
  );
}

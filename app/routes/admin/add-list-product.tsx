/** /admin/add-list-product: a new product, saved through the shared editor. */
import { requireAdmin } from "@server/auth/guards";
import { createProduct, setProductImage } from "@server/commerce/admin-products";
import { readProductSubmission } from "@server/commerce/admin-product-form";
import { getDb } from "@server/db/client";
import { data, redirect } from "react-router";
import { ProductEditor } from "~/components/admin/product-editor";
import type { Route } from "./+types/add-list-product";
import { DetailPage } from "~/components/admin/detail-page";
import { formFailure } from "~/lib/forms.server";

export const meta = () => [{ title: "Add a product · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: { currency: "USD", bonusTokens: "0", sortOrder: "100", active: "on" } as Record<string, string> };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const submission = await readProductSubmission(db, request, admin.userUid);
  if (!submission.ok) return data(submission.answer, { status: submission.status });
  if (!submission.form) return formFailure({ form: "Unknown action." });
  const row = await createProduct(db, admin, submission.form);
  if (submission.image) await setProductImage(db, admin, row.id, submission.image);
  return redirect(`/admin/edit-list-product?id=${row.id}&saved=1`);
}

export default function AdminAddListProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DetailPage backTo="/admin/list-product" backLabel="Products" title="Add a product">
      <ProductEditor values={loaderData.values} answer={actionData} submitLabel="Create product" />
    </DetailPage>
  );
}

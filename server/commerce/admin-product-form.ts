/**
 * The product editor's submission, shared by the add, edit and duplicate pages: the fields checked
 * by the shared schema, and the optional picture checked by content — every problem beside its field.
 */
import { productForm, type ProductForm } from "~/lib/admin-products";
import { type FormFailure, formValues, parseForm } from "~/lib/forms";
import { readFormWithFile } from "../http/uploads";
import { ImageError, type SiteImage } from "../storage/images";
import { prepareProductImage } from "./admin-products";

export type ProductSubmission =
  | { ok: true; intent: string; form: ProductForm; image: SiteImage | null; removeImage: boolean }
  | { ok: true; intent: string; form: null; image: null; removeImage: false }
  | { ok: false; status: number; answer: FormFailure };

/** Reads the editor's form. Intents other than "save" (archive, restore) come back without parsing. */
export async function readProductSubmission(request: Request): Promise<ProductSubmission> {
  const read = await readFormWithFile(request, "image");
  if (!read.ok)
    return {
      ok: false,
      status: 413,
      answer: { ok: false, errors: { fields: { image: read.message }, form: "Some fields need fixing." }, values: {} },
    };
  const intent = String(read.formData.get("intent") ?? "save");
  if (intent !== "save") return { ok: true, intent, form: null, image: null, removeImage: false };
  const parsed = parseForm(read.formData, productForm);
  const fields: Record<string, string> = parsed.ok ? {} : { ...parsed.errors.fields };
  let image: SiteImage | null = null;
  if (read.file) {
    try {
      image = await prepareProductImage(read.file);
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      fields.image = error.message;
    }
  }
  if (!parsed.ok || fields.image) {
    const values = parsed.ok ? formValues(read.formData) : parsed.values;
    return {
      ok: false,
      status: 400,
      answer: { ok: false, errors: { fields, form: "Some fields need fixing." }, values },
    };
  }
  return { ok: true, intent, form: parsed.data, image, removeImage: read.formData.get("removeImage") === "on" };
}

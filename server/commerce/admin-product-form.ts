/**
 * The product editor's submission, shared by the add, edit and duplicate pages: the fields checked
 * by the shared schema, and the optional picture checked by content and screened (issue 40: an
 * explicit one is refused, and counted on the admin's account) — every problem beside its field,
 * before anything is saved.
 */
import { productForm, type ProductForm } from "~/lib/admin-products";
import { type FormFailure, formValues, parseForm } from "~/lib/forms";
import type { Database } from "../db/client";
import { readFormWithFile } from "../http/uploads";
import { PictureSafetyError, screenUpload } from "../safety/uploads";
import { ImageError, type SiteImage } from "../storage/images";
import { prepareProductImage } from "./admin-products";

export type ProductSubmission =
  | { ok: true; intent: string; form: ProductForm; image: SiteImage | null; removeImage: boolean }
  | { ok: true; intent: string; form: null; image: null; removeImage: false }
  | { ok: false; status: number; answer: FormFailure };

/**
 * Reads the editor's form. Intents other than "save" (archive, restore) come back without parsing.
 * `uploaderId` is the admin sending it: a refused picture is counted on their account.
 */
export async function readProductSubmission(
  db: Database,
  request: Request,
  uploaderId: string | null,
): Promise<ProductSubmission> {
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
  let unsafe = false;
  if (read.file) {
    try {
      image = await prepareProductImage(read.file);
      // The WebP the shop will show is what is screened.
      await screenUpload(db, image.bytes, "image", uploaderId, { generalOnly: true });
    } catch (error) {
      if (!(error instanceof ImageError || error instanceof PictureSafetyError)) throw error;
      fields.image = error.message;
      unsafe = error instanceof PictureSafetyError;
    }
  }
  if (!parsed.ok || fields.image) {
    const values = parsed.ok ? formValues(read.formData) : parsed.values;
    return {
      ok: false,
      // A picture the safety check refused is a 422 (explicit_picture) when it is the only problem.
      status: unsafe && parsed.ok ? 422 : 400,
      answer: { ok: false, errors: { fields, form: "Some fields need fixing." }, values },
    };
  }
  return { ok: true, intent, form: parsed.data, image, removeImage: read.formData.get("removeImage") === "on" };
}

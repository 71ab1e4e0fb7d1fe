/** Page forms that carry one optional file (admin pictures): the form, the file's bytes, or why not. */
import { MAX_UPLOAD_BYTES } from "../storage/images";
import { ApiError, readFormData } from "./api";

export type FormWithFile = { ok: true; formData: FormData; file: Buffer | null } | { ok: false; message: string };

/** Reads a multipart form of at most one 10 MB upload (plus the fields) and takes the file named `field`. */
export async function readFormWithFile(request: Request, field: string): Promise<FormWithFile> {
  let formData: FormData;
  try {
    formData = await readFormData(request, MAX_UPLOAD_BYTES + 256 * 1024);
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: "That picture is larger than 10 MB" };
    throw error;
  }
  const value = formData.get(field);
  const file = value instanceof File && value.size > 0 ? Buffer.from(await value.arrayBuffer()) : null;
  return { ok: true, formData, file };
}

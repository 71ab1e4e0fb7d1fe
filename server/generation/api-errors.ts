/** Turns the generation domain's refusals into API errors (the routes' one translation point). */
import { ApiError } from "../http/api";
import { GenerationError } from "./generations";
import { UploadError } from "./uploads";

export function asApiError(error: unknown): unknown {
  if (error instanceof GenerationError)
    return new ApiError(error.status, error.code, error.message, error.fields ? { fields: error.fields } : {});
  if (error instanceof UploadError)
    return new ApiError(error.status, error.code, error.message, { fields: { [error.field]: [error.message] } });
  return error;
}

/** Runs domain code, rethrowing its refusals as ApiErrors for handleApi. */
export async function translateErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asApiError(error);
  }
}

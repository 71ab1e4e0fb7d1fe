/** Turns the community domain's refusals into API errors (the routes' one translation point). */
import { ApiError } from "../http/api";
import { CommunityError } from "./artworks";

export function asApiError(error: unknown): unknown {
  if (error instanceof CommunityError)
    return new ApiError(error.status, error.code, error.message, error.fields ? { fields: error.fields } : {});
  return error;
}

/** Runs domain code, rethrowing its refusals as ApiErrors for handleApi. */
export async function translateCommunityErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asApiError(error);
  }
}

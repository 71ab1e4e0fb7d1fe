/** The commerce domain's refusals, with the status and words the routes answer with. */
import { ApiError } from "../http/api";

export class CommerceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "CommerceError";
  }
}

/** Runs domain code, rethrowing its refusals as ApiErrors for handleApi. */
export async function translateCommerceErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CommerceError)
      throw new ApiError(error.status, error.code, error.message, error.fields ? { fields: error.fields } : {});
    throw error;
  }
}

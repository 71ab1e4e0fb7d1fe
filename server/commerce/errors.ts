/** The commerce domain's refusals: AppErrors (server/app-error.ts) that say they came from the shop. */
import { AppError, type ErrorCode } from "../app-error";

export class CommerceError extends AppError {
  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(code, message, { fields });
    this.name = "CommerceError";
  }
}

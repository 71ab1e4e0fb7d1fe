/** The commerce domain's refusals: AppErrors (server/app-error.ts) that say they came from the shop. */
import { AppError } from "../app-error";

export class CommerceError extends AppError {
  constructor(status: number, code: string, message: string, fields?: Record<string, string[]>) {
    super(status, code, message, { fields });
    this.name = "CommerceError";
  }
}

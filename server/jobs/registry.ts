/** Every job Atelier runs; the queue creates a queue and a worker for each. */
import { deliverSandboxWebhookJob } from "../commerce/payments/sandbox";
import { sendReceiptJob } from "../commerce/receipts";
import { renderGenerationJob } from "../generation/render-job";
import { imageEditJob } from "../image-tools/edits";
import { sendEmailJob } from "../notify/send-email";
import { housekeepingJob } from "../ops/housekeeping";
import type { JobDefinition } from "./define";

export const ALL_JOBS: readonly JobDefinition[] = [
  sendEmailJob,
  renderGenerationJob,
  imageEditJob,
  sendReceiptJob,
  deliverSandboxWebhookJob,
  housekeepingJob,
] as unknown as readonly JobDefinition[];

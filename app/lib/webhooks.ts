/** A person's webhook for the public API (issue 31; server/webhooks/webhooks.ts): the form and what the profile shows. */
import { z } from "zod";

export const webhookInput = z.object({
  url: z
    .string({ error: "Enter the address to call" })
    .trim()
    .max(500, "Keep the address under 500 characters")
    .pipe(z.url({ protocol: /^https?$/, error: "Enter a full http:// or https:// address" })),
});

export interface WebhookView {
  url: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDeliveryView {
  id: string;
  jobId: string;
  event: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

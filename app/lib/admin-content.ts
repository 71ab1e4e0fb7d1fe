/** What the FAQ editor takes, shared by its form and the server. */
import { z } from "zod";

export const faqForm = z.object({
  question: z.string().trim().min(5, "Write the question (at least 5 characters)").max(200, "Keep the question under 200 characters"),
  answer: z.string().trim().min(5, "Write the answer (at least 5 characters)").max(3000, "Keep the answer under 3,000 characters"),
  published: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type FaqForm = z.output<typeof faqForm>;

/** What the user admin pages take, shared by their forms and the server. */
import { z } from "zod";
import { pageNumber, sortDirection } from "./list-query";

export const userListQuery = z.object({
  q: z.string().trim().max(120).optional().default(""),
  role: z.enum(["all", "admin", "user"]).catch("all").default("all"),
  status: z.enum(["all", "banned", "unverified"]).catch("all").default("all"),
  sort: z.enum(["created", "name", "email"]).catch("created").default("created"),
  dir: sortDirection("desc"),
  page: pageNumber(100_000),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const userProfileForm = z.object({
  name: z.string().trim().min(1, "Enter a name").max(80, "Keep the name under 80 characters"),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")),
  isAdmin: z
    .union([z.literal("on"), z.literal("")])
    .optional()
    .transform((v) => v === "on"),
});

export const tokenAdjustmentForm = z.object({
  amount: z.coerce
    .number({ error: "Enter a whole number, negative to take tokens away" })
    .int("Enter a whole number")
    .refine((v) => v !== 0, "Enter an amount other than 0")
    .refine((v) => Math.abs(v) <= 1_000_000, "At most 1,000,000 at a time"),
  reason: z.string().trim().min(3, "Say why (at least 3 characters)").max(300, "Keep the reason under 300 characters"),
});

export const banForm = z.object({
  reason: z.string().trim().max(300, "Keep the reason under 300 characters").default(""),
});

export const notifyForm = z.object({
  title: z.string().trim().min(1, "Write a title").max(120, "Keep the title under 120 characters"),
  message: z.string().trim().min(1, "Write a message").max(2000, "Keep the message under 2,000 characters"),
});

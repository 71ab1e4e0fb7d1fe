/** Email outbox (the embedded mail transport) and per-user notifications (spec §3). */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerId } from "./auth";
import { createdAt, instant, uuidKey } from "./columns";

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Base64 of the file; attachments are size-capped before they get here. */
  contentBase64: string;
}

/** Every email the embedded transport "sends": read by the development mailbox and by tests. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuidKey(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Which template made it (verification, sign-in-code, custom…). */
    kind: text("kind").notNull(),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
);

/** The spec's notification document, stored per user (a user's notification list). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuidKey(),
    userId: ownerId(),
    status: text("status").notNull().default("info"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    createdDate: instant("created_date").notNull().defaultNow(),
    isViewed: boolean("is_viewed").notNull().default(false),
    /**
     * Notifications of one kind that arrive while the first is unread become one ("Ana and 4 others
     * followed you", issue 30): the kind, and how many it stands for.
     */
    groupKey: text("group_key"),
    groupCount: integer("group_count").notNull().default(1),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdDate),
    uniqueIndex("notifications_open_group_idx")
      .on(t.userId, t.groupKey)
      .where(sql`group_key IS NOT NULL AND NOT is_viewed`),
  ],
);

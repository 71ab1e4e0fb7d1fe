/**
 * Accounts, in the shape Better Auth expects (core schema + admin plugin fields), so the
 * library reads and writes them through its Drizzle adapter. The spec's user document maps as
 * user_uid = user.id, email = user.email, is_admin = (user.role = 'admin').
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: instant("ban_expires"),
  /**
   * The person's public name in addresses (/creators/<handle>, issue 30): lower-case letters,
   * digits, `_` and `-`. Every row has one from the moment it exists — a random one by default,
   * replaced at sign-up by one made from the name (server/community/creators.ts).
   */
  handle: text("handle")
    .notNull()
    .unique()
    .default(sql`'user-' || substr(md5(random()::text || clock_timestamp()::text), 1, 10)`),
  /** A short plain-text bio shown on the creator page. */
  bio: text("bio").notNull().default(""),
  /** Which community notifications the person wants (issue 30); each may be muted on its own. */
  notifyFollows: boolean("notify_follows").notNull().default(true),
  notifyComments: boolean("notify_comments").notNull().default(true),
  notifyMentions: boolean("notify_mentions").notNull().default(true),
  /**
   * What the person chose to see (issue 40, ADR 0059): "general" (everyone starts here) or "mature"
   * (an adult who opted in sees mature pictures blurred until they ask).
   */
  browsingLevel: text("browsing_level").notNull().default("general"),
  /** Explicit uploads refused for this account: repeated ones flag it for the admins. */
  explicitUploads: integer("explicit_uploads").notNull().default(0),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: instant("access_token_expires_at"),
    refreshTokenExpiresAt: instant("refresh_token_expires_at"),
    scope: text("scope"),
    /** Credential accounts only: Better Auth's scrypt hash. */
    password: text("password"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/** One row per pending email link / one-time code / reset (the one verification mechanism). */
export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** The account the row belongs to; the row goes when the account does. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

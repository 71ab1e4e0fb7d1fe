/**
 * Site content admins manage beside the FAQ (commerce.ts): the home page's slideshow backgrounds.
 * Images live in file storage under `site/slides/`; a slide shows while it is active and inside its
 * optional schedule (starts_at inclusive, ends_at exclusive).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt, uuidKey } from "./columns";

export const slideshowBackgrounds = pgTable(
  "slideshow_backgrounds",
  {
    id: uuidKey(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    /** A path on this site (`/community/main`) or an https address; empty for none. */
    linkUrl: text("link_url").notNull().default(""),
    imageKey: text("image_key").notNull(),
    /** The image's dominant colour, painted while the image loads. */
    color: text("color").notNull().default("#1f1b2e"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("slideshow_backgrounds_active_idx").on(t.active, t.sortOrder),
    check(
      "slideshow_backgrounds_schedule",
      sql`${t.endsAt} IS NULL OR ${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

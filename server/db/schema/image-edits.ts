/**
 * Image edits: an offline neural tool (remove background, upscale 2×) run on one of the user's
 * generated pictures or on a picture they upload, as a queued job with progress. The status
 * moves queued → running → succeeded | failed | canceled by conditional updates, like
 * generations; the result is a PNG in the user's files.
 */
import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { generationImages } from "./generation";

export { IMAGE_TOOL_IDS as IMAGE_TOOLS } from "../../../app/lib/image-edits";
import type { ImageToolId } from "../../../app/lib/image-edits";
import { ownerId } from "./auth";
import { createdAt, instant, uuidKey } from "./columns";
export type ImageTool = ImageToolId;

export const imageEdits = pgTable(
  "image_edits",
  {
    id: uuidKey(),
    userId: ownerId(),
    tool: text("tool").$type<ImageTool>().notNull(),
    status: text("status").notNull().default("queued"),
    /** The generated picture it started from; null for an upload (or once that picture is deleted). */
    sourceImageId: uuid("source_image_id").references(() => generationImages.id, { onDelete: "set null" }),
    /** The picture itself: an upload kept for this edit, or a copy of the generated one. */
    sourceKey: text("source_key").notNull(),
    sourceWidth: integer("source_width").notNull(),
    sourceHeight: integer("source_height").notNull(),
    progress: integer("progress"),
    stage: text("stage"),
    resultKey: text("result_key"),
    resultWidth: integer("result_width"),
    resultHeight: integer("result_height"),
    resultBytes: integer("result_bytes"),
    /** Plain words for the user. */
    error: text("error"),
    /** What the tool said, for admins. */
    errorDetail: text("error_detail"),
    attempts: integer("attempts").notNull().default(0),
    heartbeatAt: instant("heartbeat_at"),
    createdAt: createdAt(),
    finishedAt: instant("finished_at"),
  },
  (t) => [index("image_edits_user_idx").on(t.userId, t.createdAt), index("image_edits_status_idx").on(t.status)],
);

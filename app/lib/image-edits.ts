/** The image tools' contract between server and browser (server/image-tools/edits.ts). */
export const IMAGE_TOOL_IDS = ["remove-background", "upscale"] as const;
export type ImageToolId = (typeof IMAGE_TOOL_IDS)[number];

export const IMAGE_TOOL_INFO: Record<ImageToolId, { label: string; summary: string }> = {
  "remove-background": {
    label: "Remove background",
    summary: "Keeps the subject and makes the rest transparent (PNG).",
  },
  upscale: {
    label: "Upscale 2×",
    summary: "Doubles the width and height with a neural upscaler, sharper than resizing.",
  },
};

export interface ImageEditView {
  id: string;
  tool: ImageToolId;
  toolLabel: string;
  status: "queued" | "running" | "succeeded" | "failed" | "canceled";
  progress: number | null;
  stage: string | null;
  sourceUrl: string;
  sourceWidth: number;
  sourceHeight: number;
  resultUrl: string | null;
  downloadUrl: string | null;
  resultWidth: number | null;
  resultHeight: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const isEditActive = (edit: Pick<ImageEditView, "status">) =>
  edit.status === "queued" || edit.status === "running";

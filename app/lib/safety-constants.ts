/** Picture safety's names shared by the admins' form and the server (issue 40, ADR 0059); zod-free for the browser. */

/** The four thresholds of /admin/safety, in the order the form shows them. */
export const THRESHOLD_FIELDS = ["matureAt", "explicitAt", "strictMatureAt", "strictExplicitAt"] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

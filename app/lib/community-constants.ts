/**
 * The community's plain rules, without zod: limits, sorts and their labels, visibilities and
 * report reasons. The public list imports this module, so the validation library stays out of
 * its bundle; community.ts re-exports all of it next to the schemas.
 */

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const TAG_MAX = 30;
export const TAGS_MAX = 10;
export const LIST_PAGE_MAX = 48;
export const LIST_PAGE_DEFAULT = 24;

export const VISIBILITIES = ["public", "unlisted"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const LIST_SORTS = ["newest", "trending", "most-liked", "most-downloaded", "featured"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const SORT_LABELS: Record<ListSort, string> = {
  featured: "Featured",
  newest: "Newest",
  trending: "Trending",
  "most-liked": "Most liked",
  "most-downloaded": "Most downloaded",
};

export const REPORT_REASONS = ["spam", "offensive", "sexual", "violence", "copyright", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  offensive: "Hateful or offensive",
  sexual: "Sexual content",
  violence: "Violence or gore",
  copyright: "Someone else's work",
  other: "Something else",
};

/**
 * What a person chose to see (issue 40, ADR 0059): everyone starts at general; a signed-in adult
 * may opt into mature, and then sees mature pictures blurred until they ask. Explicit is never shown.
 */
export const BROWSING_LEVELS = ["general", "mature"] as const;
export type BrowsingLevel = (typeof BROWSING_LEVELS)[number];

/** The level a stored value stands for: anything but "mature" is general. */
export function browsingLevelOf(value: unknown): BrowsingLevel {
  return value === "mature" ? "mature" : "general";
}

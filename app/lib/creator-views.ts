/**
 * What the creator APIs answer and where a creator's pages are (issue 30), without the validation
 * library: cards on public pages link to creators, and those pages load no zod up front
 * (tests/unit/page-weight.test.ts). The inputs are in creators.ts.
 */
export const CREATOR_TABS = ["works", "collections", "followers", "following"] as const;
export type CreatorTab = (typeof CREATOR_TABS)[number];

export function creatorPath(handle: string, tab: CreatorTab = "works"): string {
  const base = `/creators/${encodeURIComponent(handle)}`;
  return tab === "works" ? base : `${base}?tab=${tab}`;
}

/** A person as lists of people show them. */
export interface PersonCard {
  id: string;
  handle: string;
  name: string;
  image: string | null;
  bio: string;
}

export interface PeoplePage {
  items: PersonCard[];
  nextCursor: string | null;
}

export interface CreatorCounts {
  works: number;
  followers: number;
  following: number;
  likes: number;
}

export interface CreatorProfile extends PersonCard {
  /** A member's badge (their plan's, issue 41), shown beside their name; null for everyone else. */
  badge: string | null;
  counts: CreatorCounts;
  joinedAt: string;
}

/** The signed-in viewer's relation to a creator. */
export interface ViewerRelation {
  /** The viewer follows them. */
  following: boolean;
  /** The viewer has hidden them. */
  hidden: boolean;
  /** It is the viewer's own page. */
  self: boolean;
}

export interface FollowState {
  following: boolean;
  followers: number;
}

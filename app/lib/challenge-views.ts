/**
 * Where a challenge is, where its page is, and what the challenge APIs answer (issue 30), without
 * the validation library (pages that only link to challenges load no zod up front). The inputs are
 * in challenges.ts.
 */
import type { ArtworkCard } from "./community-views";

export const CHALLENGE_PHASES = ["upcoming", "entries", "voting", "closing", "closed"] as const;
export type ChallengePhase = (typeof CHALLENGE_PHASES)[number];

export const PHASE_LABELS: Record<ChallengePhase, string> = {
  upcoming: "Opens soon",
  entries: "Open for entries",
  voting: "Voting",
  closing: "Counting the votes",
  closed: "Results",
};

export const challengePath = (id: string) => `/community/challenges/${encodeURIComponent(id)}`;

/** Where a challenge is at `now`: before it opens, taking entries, voting, waiting for its close, closed. */
export function challengePhase(
  c: {
    startsAt: string | Date;
    entriesCloseAt: string | Date;
    votingClosesAt: string | Date;
    closedAt?: string | Date | null;
  },
  now = Date.now(),
): ChallengePhase {
  if (c.closedAt) return "closed";
  if (now < new Date(c.startsAt).getTime()) return "upcoming";
  if (now < new Date(c.entriesCloseAt).getTime()) return "entries";
  if (now < new Date(c.votingClosesAt).getTime()) return "voting";
  return "closing";
}

export interface ChallengeSummary {
  id: string;
  title: string;
  theme: string;
  phase: ChallengePhase;
  startsAt: string;
  entriesCloseAt: string;
  votingClosesAt: string;
  entries: number;
  prizes: [number, number, number];
  christmas: boolean;
}

export interface EntryView {
  id: string;
  title: string;
  /** The work, or null once it is gone (a winner's entry stays for the record). */
  artwork: ArtworkCard | null;
  /** The entrant, or null for a deleted account. */
  entrant: { id: string; handle: string; name: string } | null;
  /** Shown once voting is over, so votes follow the pictures rather than the counts. */
  votes: number | null;
  rank: number | null;
  prize: number;
}

export interface ChallengeView extends ChallengeSummary {
  rules: string;
  entriesPerPerson: number;
  votesPerPerson: number;
  entryList: EntryView[];
  /** The viewer's votes (entry ids) and entries (artwork ids), when signed in. */
  myVotes: string[];
  myEntries: string[];
}

export interface VoteState {
  voted: boolean;
  votesLeft: number;
}

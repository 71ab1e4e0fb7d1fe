/**
 * Challenges (issue 30): an admin sets a theme and three moments in UTC — entries open, entries
 * close, voting closes — and optional token prizes for the first three; people enter their
 * published works, then everyone signed in votes; a job closes it once and pays the prizes.
 *
 *   GET    /api/challenges                        → { challenges: ChallengeSummary[] }
 *   GET    /api/challenges/{id}                   → { challenge: ChallengeView }
 *   POST   /api/challenges/{id}/entries           { artworkId } → 201 { entry } (during entries)
 *   PUT    /api/challenge-entries/{id}/vote       → VoteState (during voting)
 *   DELETE /api/challenge-entries/{id}/vote       → VoteState
 */
import { z } from "zod";

const moment = (label: string) =>
  z
    .string({ error: `Choose when ${label}` })
    .trim()
    .min(1, `Choose when ${label}`)
    // A datetime-local field's value (no zone): read as UTC, as the form says.
    .transform((value, ctx) => {
      const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: `Choose when ${label}` });
        return z.NEVER;
      }
      return date;
    });

const tokens = z.coerce
  .number({ error: "A whole number of tokens" })
  .int("A whole number of tokens")
  .min(0, "No fewer than 0 tokens")
  .max(100_000, "At most 100,000 tokens");

/** The admin's challenge form (also the API's). */
export const challengeInput = z
  .object({
    title: z.string({ error: "Give it a title" }).trim().min(1, "Give it a title").max(120, "At most 120 characters"),
    theme: z.string({ error: "Name the theme" }).trim().min(1, "Name the theme").max(200, "At most 200 characters"),
    rules: z.string().trim().max(4000, "At most 4,000 characters").default(""),
    startsAt: moment("entries open"),
    entriesCloseAt: moment("entries close"),
    votingClosesAt: moment("voting closes"),
    entriesPerPerson: z.coerce.number().int().min(1, "At least 1").max(10, "At most 10").default(1),
    votesPerPerson: z.coerce.number().int().min(1, "At least 1").max(50, "At most 50").default(3),
    prizeFirst: tokens.default(0),
    prizeSecond: tokens.default(0),
    prizeThird: tokens.default(0),
    christmas: z
      .union([z.literal("on"), z.literal("true"), z.boolean()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  .refine((v) => v.entriesCloseAt > v.startsAt, {
    path: ["entriesCloseAt"],
    message: "Entries close after they open",
  })
  .refine((v) => v.votingClosesAt > v.entriesCloseAt, {
    path: ["votingClosesAt"],
    message: "Voting closes after entries close",
  });
export type ChallengeInput = z.output<typeof challengeInput>;

export const entryInput = z.object({ artworkId: z.uuid({ error: "Choose one of your published works" }) });

export * from "./challenge-views";

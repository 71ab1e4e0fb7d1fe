/**
 * /community/challenges: the community's challenges (issue 30) — open for entries, voting, coming
 * soon, and the results of past ones.
 */
import { listChallenges } from "@server/community/challenges";
import { getDb } from "@server/db/client";
import { Trophy } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { When } from "~/components/when";
import { type ChallengePhase, type ChallengeSummary, challengePath, PHASE_LABELS } from "~/lib/challenge-views";
import { formatCount } from "~/lib/format";
import type { Route } from "./+types/challenges";

export const meta: Route.MetaFunction = () => [
  { title: "Challenges · Community · Atelier" },
  { name: "description", content: "Themed challenges: enter your work, vote for others', win tokens." },
];

export async function loader() {
  return { challenges: await listChallenges(getDb()) };
}

const GROUPS: { title: string; phases: ChallengePhase[] }[] = [
  { title: "Open for entries", phases: ["entries"] },
  { title: "Voting now", phases: ["voting", "closing"] },
  { title: "Coming soon", phases: ["upcoming"] },
  { title: "Results", phases: ["closed"] },
];

export default function ChallengesPage({ loaderData }: Route.ComponentProps) {
  const { challenges } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeading large>Challenges</PageHeading>
      <p className="mt-2 text-ink-soft">
        A theme, a deadline, and the community's votes. Enter one of your published works, vote for the ones you like.
      </p>
      {challenges.length === 0 ? (
        <EmptyState size="page" className="mt-8">
          <Trophy aria-hidden className="size-8 text-accent" />
          <p className="font-medium text-ink">No challenges yet</p>
        </EmptyState>
      ) : (
        GROUPS.map((group) => {
          const shown = challenges.filter((c) => group.phases.includes(c.phase));
          if (shown.length === 0) return null;
          return (
            <section key={group.title} className="mt-10" aria-label={group.title}>
              <SectionHeading large>{group.title}</SectionHeading>
              <ul className="mt-4 grid gap-4 md:grid-cols-2">
                {shown.map((c) => (
                  <ChallengeCard key={c.id} challenge={c} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}

function ChallengeCard({ challenge: c }: { challenge: ChallengeSummary }) {
  const until = c.phase === "upcoming" ? c.startsAt : c.phase === "entries" ? c.entriesCloseAt : c.votingClosesAt;
  return (
    <li className="rounded-2xl border border-line bg-paper-raised p-5 shadow-sm">
      <p className="text-xs font-semibold uppercase tracking-wider text-accent">{PHASE_LABELS[c.phase]}</p>
      <h3 className="mt-1 font-display text-xl font-semibold text-ink">
        <Link to={challengePath(c.id)} className="hover:underline">
          {c.title}
        </Link>
      </h3>
      <p className="mt-1 text-ink-soft">{c.theme}</p>
      <p className="mt-3 text-sm text-ink-soft">
        {c.phase === "closed" ? (
          <>
            Closed <When value={c.votingClosesAt} style="date" />
          </>
        ) : (
          <>
            {c.phase === "upcoming" ? "Opens" : c.phase === "entries" ? "Entries close" : "Voting closes"}{" "}
            <When value={until} />
          </>
        )}{" "}
        · {formatCount(c.entries)} {c.entries === 1 ? "entry" : "entries"}
        {c.prizes[0] > 0 ? ` · first prize ${formatCount(c.prizes[0])} tokens` : ""}
      </p>
    </li>
  );
}

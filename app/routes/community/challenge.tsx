/**
 * /community/challenges/{id}: one challenge (issue 30) — its theme, rules, moments and prizes; while
 * entries are open, your published works to enter; while voting, a vote on each entry (not your
 * own), with the votes you have left; once closed, the results in order with their votes and prizes.
 */
import { getUser } from "@server/auth/guards";
import { getChallengeView } from "@server/community/challenges";
import { listCreatorArtworks } from "@server/community/creators";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { Medal, Trophy, Vote } from "lucide-react";
import { type FormEvent, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { ArtworkCard } from "~/components/community/artwork-card";
import { apiFailure } from "~/components/community/artwork-fields";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, FieldLabel, inputClass } from "~/components/ui/field";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { When } from "~/components/when";
import { useApiClient } from "~/lib/api-client";
import { type ChallengeView, type EntryView, PHASE_LABELS, type VoteState } from "~/lib/challenge-views";
import { creatorPath } from "~/lib/creator-views";
import { formatCount } from "~/lib/format";
import type { Route } from "./+types/challenge";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getUser(request);
  const db = getDb();
  const challenge = await getChallengeView(db, params.id, viewer?.userUid ?? null, browsingLevelFor(viewer));
  if (!challenge) throw data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 });
  // Your works to enter, while entries are open.
  const works =
    viewer && challenge.phase === "entries"
      ? (await listCreatorArtworks(db, viewer.userUid, { limit: 48 })).items.map((a) => ({ id: a.id, title: a.title }))
      : [];
  return { challenge, works, viewerId: viewer?.userUid ?? null };
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  loaded
    ? [
        { title: `${loaded.challenge.title} · Challenges · Atelier` },
        { name: "description", content: loaded.challenge.theme },
        { property: "og:title", content: `${loaded.challenge.title} · an Atelier challenge` },
        { property: "og:description", content: loaded.challenge.theme },
      ]
    : [{ title: "Challenge · Atelier" }];

export default function ChallengePage({ loaderData }: Route.ComponentProps) {
  const { challenge, works, viewerId } = loaderData;
  const prizes = challenge.prizes.filter((p) => p > 0);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-ink-soft">
        <Link to="/community/challenges" className="hover:text-ink hover:underline">
          Challenges
        </Link>
      </nav>
      <p className="text-xs font-semibold uppercase tracking-wider text-accent" data-testid="challenge-phase">
        {PHASE_LABELS[challenge.phase]}
      </p>
      <PageHeading large>{challenge.title}</PageHeading>
      <p className="mt-2 text-lg text-ink">{challenge.theme}</p>
      <dl className="mt-4 grid gap-x-8 gap-y-1 text-sm text-ink-soft sm:grid-cols-3">
        <div>
          <dt className="font-medium text-ink">Entries</dt>
          <dd>
            <When value={challenge.startsAt} /> – <When value={challenge.entriesCloseAt} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Voting until</dt>
          <dd>
            <When value={challenge.votingClosesAt} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Prizes</dt>
          <dd>{prizes.length ? `${challenge.prizes.map((p) => formatCount(p)).join(" / ")} tokens` : "The glory"}</dd>
        </div>
      </dl>
      {challenge.rules ? (
        <p className="mt-4 max-w-3xl whitespace-pre-line break-words text-ink-soft">{challenge.rules}</p>
      ) : null}
      <p className="mt-2 text-sm text-ink-faint">
        Each person enters up to {challenge.entriesPerPerson} {challenge.entriesPerPerson === 1 ? "work" : "works"} and
        gives up to {challenge.votesPerPerson} {challenge.votesPerPerson === 1 ? "vote" : "votes"}.
      </p>

      {challenge.phase === "entries" ? (
        <EnterForm challenge={challenge} works={works} signedIn={viewerId !== null} />
      ) : null}
      <Entries challenge={challenge} viewerId={viewerId} />
    </div>
  );
}

function EnterForm({
  challenge,
  works,
  signedIn,
}: {
  challenge: ChallengeView;
  works: { id: string; title: string }[];
  signedIn: boolean;
}) {
  const api = useApiClient();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = works.filter((w) => !challenge.myEntries.includes(w.id));
  if (!signedIn)
    return (
      <p className="mt-8 text-ink-soft">
        <SignInDialogTrigger className="font-semibold text-accent underline-offset-4 hover:underline">
          Sign in
        </SignInDialogTrigger>{" "}
        to enter one of your works.
      </p>
    );
  if (challenge.myEntries.length >= challenge.entriesPerPerson)
    return <p className="mt-8 font-medium text-success">You are in. Voting opens when entries close.</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const artworkId = String(new FormData(event.currentTarget).get("artworkId") ?? "");
    if (!artworkId) {
      setError("Choose one of your published works");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post(`/api/challenges/${challenge.id}/entries`, { json: { artworkId } });
      setDone("Entered. Good luck!");
      await revalidator.revalidate();
    } catch (e) {
      const failure = apiFailure(e);
      setError(failure.fields.artworkId ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="enter-title" className="mt-8 max-w-xl rounded-2xl border border-line bg-paper-raised p-5">
      <SectionHeading id="enter-title">Enter a work</SectionHeading>
      {open.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">
          Publish a public work first:{" "}
          <Link to="/ai/ai-text-to-art" className="text-accent underline">
            make one
          </Link>
          , then publish it from your history.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 grid gap-3">
          <div>
            <FieldLabel htmlFor="entry-work">Your work</FieldLabel>
            <select id="entry-work" name="artworkId" className={inputClass} aria-invalid={error ? true : undefined}>
              {open.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.title}
                </option>
              ))}
            </select>
            <FieldError>{error ?? undefined}</FieldError>
          </div>
          <div className="flex items-center gap-3">
            <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
              Enter this work
            </button>
            {done ? (
              <p role="status" className="text-sm font-medium text-success">
                {done}
              </p>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}

function Entries({ challenge, viewerId }: { challenge: ChallengeView; viewerId: string | null }) {
  const api = useApiClient();
  const [mine, setMine] = useState(new Set(challenge.myVotes));
  const [left, setLeft] = useState(challenge.votesPerPerson - challenge.myVotes.length);
  const [error, setError] = useState<string | null>(null);
  const voting = challenge.phase === "voting";

  async function vote(entry: EntryView) {
    const on = !mine.has(entry.id);
    const before = { mine, left };
    const next = new Set(mine);
    if (on) next.add(entry.id);
    else next.delete(entry.id);
    setMine(next);
    setLeft(left + (on ? -1 : 1));
    setError(null);
    try {
      const path = `/api/challenge-entries/${entry.id}/vote`;
      const answer = on ? await api.put<VoteState>(path) : await api.delete<VoteState>(path);
      setLeft(answer.votesLeft);
    } catch (e) {
      setMine(before.mine);
      setLeft(before.left);
      setError(apiFailure(e).message);
    }
  }

  return (
    <section aria-labelledby="entries-title" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <SectionHeading id="entries-title" large>
          {challenge.phase === "closed" ? "Results" : "Entries"} ({formatCount(challenge.entryList.length)})
        </SectionHeading>
        {voting && viewerId ? (
          <p className="text-sm text-ink-soft" role="status" data-testid="votes-left">
            {left} {left === 1 ? "vote" : "votes"} left
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {challenge.entryList.length === 0 ? (
        <EmptyState size="page" className="mt-6">
          <Trophy aria-hidden className="size-8 text-accent" />
          <p className="font-medium text-ink">No entries yet</p>
        </EmptyState>
      ) : (
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {challenge.entryList.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2" data-testid="challenge-entry">
              {entry.rank && entry.rank <= 3 ? (
                <p className="flex items-center gap-1.5 font-semibold text-accent-strong">
                  <Medal aria-hidden className="size-4" />
                  {["First", "Second", "Third"][entry.rank - 1]} place
                  {entry.prize > 0 ? ` · ${formatCount(entry.prize)} tokens` : ""}
                </p>
              ) : null}
              {entry.artwork ? (
                <ArtworkCard artwork={entry.artwork} />
              ) : (
                <div className="grid aspect-square place-items-center rounded-2xl border border-dashed border-line bg-paper-sunken p-4 text-center text-sm text-ink-soft">
                  “{entry.title}” is no longer shared
                </div>
              )}
              <p className="text-sm text-ink-soft">
                {entry.entrant ? (
                  <Link to={creatorPath(entry.entrant.handle)} className="hover:underline">
                    {entry.entrant.name}
                  </Link>
                ) : (
                  "A deleted account"
                )}
                {entry.votes !== null ? ` · ${formatCount(entry.votes)} ${entry.votes === 1 ? "vote" : "votes"}` : ""}
              </p>
              {voting && viewerId && entry.entrant?.id !== viewerId ? (
                <button
                  type="button"
                  aria-pressed={mine.has(entry.id)}
                  className={buttonClass({ variant: mine.has(entry.id) ? "primary" : "secondary", size: "sm" })}
                  onClick={() => void vote(entry)}
                  aria-label={`${mine.has(entry.id) ? "Take back your vote for" : "Vote for"} ${entry.title}`}
                >
                  <Vote aria-hidden className="size-4" /> {mine.has(entry.id) ? "Voted" : "Vote"}
                </button>
              ) : null}
              {voting && !viewerId ? (
                <SignInDialogTrigger className={buttonClass({ variant: "secondary", size: "sm" })}>
                  <Vote aria-hidden className="size-4" /> Vote
                </SignInDialogTrigger>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

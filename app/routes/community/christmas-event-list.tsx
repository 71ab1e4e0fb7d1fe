/** /community/christmas-event/list: artworks made with the christmas variants (only while the christmas flag is on). */
import { getUser } from "@server/auth/guards";
import { listArtworksCached } from "@server/community/artworks";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { currentChristmasChallenge } from "@server/community/challenges";
import { getDb } from "@server/db/client";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { ArtworkList } from "~/components/community/artwork-list";
import { Snow } from "~/components/studio/snow";
import { buttonClass } from "~/components/ui/button";
import { listQuery } from "~/lib/community";
import { challengePath, PHASE_LABELS } from "~/lib/challenge-views";
import type { Route } from "./+types/christmas-event-list";

const CHRISTMAS_THEME = {
  "--color-accent": "#b3261e",
  "--color-accent-strong": "#8c1d18",
  "--color-accent-soft": "#fdecea",
} as CSSProperties;

export const meta: Route.MetaFunction = () => [
  { title: "Christmas gallery · Community · Atelier" },
  { name: "description", content: "Artwork made with Atelier's christmas styles." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = listQuery.parse({ ...Object.fromEntries(url.searchParams), christmas: "true" });
  const [page, challenge] = await Promise.all([
    listArtworksCached(getDb(), query, browsingLevelFor(await getUser(request))),
    // The christmas challenge running now, if an admin made one (issue 30).
    currentChristmasChallenge(getDb()),
  ]);
  return { query, page, challenge };
}

export default function ChristmasEventListPage({ loaderData }: Route.ComponentProps) {
  const { query, page, challenge } = loaderData;
  return (
    <div style={CHRISTMAS_THEME}>
      <header className="relative overflow-hidden bg-gradient-to-b from-[#14342b] to-[#1f4d3f] text-paper">
        <Snow className="pointer-events-none absolute inset-0 size-full" />
        <div className="relative mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">Christmas gallery</h1>
          <p className="mt-2 max-w-xl text-paper/85">Festive scenes the community made with the christmas styles.</p>
          <Link
            to="/ai/christmas-event/ai-text-to-art"
            className={buttonClass({ variant: "inverse", size: "sm", className: "mt-5" })}
          >
            Make your own
          </Link>
          {challenge ? (
            <p className="mt-4 max-w-xl rounded-2xl bg-paper/10 px-4 py-3 text-paper" data-testid="christmas-challenge">
              This season's challenge:{" "}
              <Link to={challengePath(challenge.id)} className="font-semibold underline underline-offset-4">
                {challenge.title}
              </Link>{" "}
              — {PHASE_LABELS[challenge.phase].toLowerCase()}.
            </p>
          ) : null}
        </div>
      </header>
      <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <ArtworkList page={page} query={query} christmas basePath="/community/christmas-event/list" />
      </section>
    </div>
  );
}

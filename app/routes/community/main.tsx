/** /community/main: the community's front page — featured, trending, newest and top creators. */
import { getUser } from "@server/auth/guards";
import { loadCommunityHomeCached } from "@server/community/artworks";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { ArrowRight, Award, Clock, Flame, Heart, type LucideIcon, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArtworkGrid, CreatorAvatar } from "~/components/community/artwork-card";
import { formatCompactCount } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import type { ListSort } from "~/lib/community";
import { useRootData } from "~/lib/root-data";
import { creatorPath } from "~/lib/creator-views";
import type { Route } from "./+types/main";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { EmptyState } from "~/components/ui/empty-state";

export const meta: Route.MetaFunction = () => [
  { title: "Community · Atelier" },
  { name: "description", content: "Featured, trending and newest artwork from Atelier's creators." },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Mature works only for people who opted in (issue 40); pages for many are rendered per level (ADR 0050).
  return loadCommunityHomeCached(getDb(), browsingLevelFor(await getUser(request)));
}

const listLink = (sort: ListSort) => (sort === "newest" ? "/community/list" : `/community/list?sort=${sort}`);

/** A part of the page under its heading, with a link to the full list in `sort` order. */
function Section({
  id,
  title,
  Icon,
  sort,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  Icon: LucideIcon;
  sort: ListSort;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SectionHeading id={id} large className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-accent" />
          {title}
        </SectionHeading>
        <Link
          to={listLink(sort)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          {linkLabel} <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}

export default function MainPage({ loaderData }: Route.ComponentProps) {
  const { featured, trending, newest, topCreators } = loaderData;
  const christmas = Boolean(useRootData()?.flags?.christmas_event);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageHeading large>Community</PageHeading>
          <p className="mt-2 max-w-xl text-ink-soft">Featured, trending and newest artwork from Atelier's creators.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/community/list" className={buttonClass({ size: "sm" })}>
            Browse everything
          </Link>
          {christmas ? (
            <Link to="/community/christmas-event/list" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Christmas gallery
            </Link>
          ) : null}
        </div>
      </header>

      <Section id="featured-title" title="Featured" Icon={Star} sort="featured" linkLabel="All featured">
        {featured.length > 0 ? (
          <ArtworkGrid items={featured} eagerCount={4} />
        ) : (
          <EmptyState size="list">No featured artwork yet: the editors pick some soon.</EmptyState>
        )}
      </Section>

      <Section id="trending-title" title="Trending" Icon={Flame} sort="trending" linkLabel="All trending">
        {trending.length > 0 ? (
          <ArtworkGrid items={trending} />
        ) : (
          <EmptyState size="list">Nothing is trending this week yet.</EmptyState>
        )}
      </Section>

      <Section id="newest-title" title="Newest" Icon={Clock} sort="newest" linkLabel="All newest">
        {newest.length > 0 ? (
          <ArtworkGrid items={newest} />
        ) : (
          <EmptyState size="list">
            Nothing shared yet.{" "}
            <Link to="/ai/ai-text-to-art" className="font-semibold text-accent underline-offset-4 hover:underline">
              Make the first one
            </Link>
          </EmptyState>
        )}
      </Section>

      <Section id="creators-title" title="Top creators" Icon={Award} sort="most-liked" linkLabel="Most liked artwork">
        {topCreators.length > 0 ? (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {topCreators.map((c, i) => (
              <li
                key={c.creator.id}
                className="flex items-center gap-3 rounded-2xl border border-line bg-paper-raised p-4 shadow-sm"
              >
                <span className="w-5 text-right font-display text-lg font-semibold text-ink-faint">{i + 1}</span>
                <CreatorAvatar creator={c.creator} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-ink">
                    <Link to={creatorPath(c.creator.handle)} className="hover:underline">
                      {c.creator.name}
                    </Link>
                  </p>
                  <p className="flex items-center gap-3 text-xs text-ink-soft">
                    <span>
                      {c.artworks} {c.artworks === 1 ? "artwork" : "artworks"}
                    </span>
                    <span className="flex items-center gap-0.5">
                      <Heart aria-hidden className="size-3.5" /> {formatCompactCount(c.likes)}{" "}
                      <span className="sr-only">likes</span>
                    </span>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <EmptyState size="list">No creators to show yet.</EmptyState>
        )}
      </Section>
    </div>
  );
}

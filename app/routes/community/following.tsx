/**
 * /community/following: the works of the people you follow, newest first (issue 30). Keyset pages
 * on publication time, so works published while you read never make a page repeat or skip one.
 * Visitors are asked to sign in.
 */
import { getUser } from "@server/auth/guards";
import { listFollowingFeed } from "@server/community/follows";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { Users } from "lucide-react";
import { useCallback } from "react";
import { Link } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { ArtworkGrid } from "~/components/community/artwork-card";
import { CommunityTabs } from "~/components/community/community-tabs";
import { MoreBelow, useMorePages } from "~/components/community/more-pages";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeading } from "~/components/ui/page-heading";
import { useApiClient } from "~/lib/api-client";
import type { ArtworkPage } from "~/lib/community-views";
import type { Route } from "./+types/following";

export const meta: Route.MetaFunction = () => [
  { title: "Following · Community · Atelier" },
  { name: "description", content: "New works of the creators you follow on Atelier." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return { page: null };
  const cursor = new URL(request.url).searchParams.get("cursor");
  return {
    page: await listFollowingFeed(
      getDb(),
      user.userUid,
      { cursor: cursor ?? undefined, limit: 24 },
      browsingLevelFor(user),
    ),
  };
}

export default function FollowingPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeading large>Following</PageHeading>
      <p className="mt-2 text-ink-soft">New works of the creators you follow, newest first.</p>
      <CommunityTabs current="/community/following" />
      <div className="mt-6">
        {loaderData.page ? (
          <Feed page={loaderData.page} />
        ) : (
          <EmptyState size="page">
            <Users aria-hidden className="size-8 text-accent" />
            <p className="font-medium text-ink">Sign in to see the works of the creators you follow</p>
            <SignInDialogTrigger className={buttonClass({ size: "sm", className: "mt-2" })}>
              Sign in
            </SignInDialogTrigger>
          </EmptyState>
        )}
      </div>
    </section>
  );
}

function Feed({ page }: { page: ArtworkPage }) {
  const api = useApiClient();
  const fetchPage = useCallback(
    (cursor: string) => api.get<ArtworkPage>(`/api/feed/following?cursor=${encodeURIComponent(cursor)}`),
    [api],
  );
  const more = useMorePages(page, fetchPage);
  if (more.items.length === 0)
    return (
      <EmptyState size="page">
        <Users aria-hidden className="size-8 text-accent" />
        <p className="font-medium text-ink">Nothing here yet</p>
        <p className="max-w-sm text-sm text-ink-soft">
          Follow creators from their page or from an artwork, and their new works show up here.
        </p>
        <Link to="/community/list" className={buttonClass({ size: "sm", className: "mt-2" })}>
          Find creators to follow
        </Link>
      </EmptyState>
    );
  return (
    <>
      <ArtworkGrid items={more.items} eagerCount={4} />
      <MoreBelow
        {...more}
        shown={more.items.length}
        nextHref={(cursor) => `/community/following?cursor=${encodeURIComponent(cursor)}`}
      />
    </>
  );
}

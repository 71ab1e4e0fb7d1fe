/**
 * /creators/{handle}: a creator's page (issue 30) — who they are, their counts, their public works
 * newest first, and who follows them and whom they follow (`?tab=`). An old handle sends visitors
 * to the new one while it redirects; a handle nobody has, or a banned account's, is a 404. Open
 * Graph tags make a shared link show the creator.
 */
import { getUser } from "@server/auth/guards";
import { findCreator, getCreatorProfile, listCreatorArtworks } from "@server/community/creators";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { listPeople, viewerRelation } from "@server/community/follows";
import { listPublicCollections } from "@server/community/collections";
import { getConfig } from "@server/config";
import { getDb } from "@server/db/client";
import { CalendarDays, Heart, Image as ImageIcon, Sparkles, Users } from "lucide-react";
import { useCallback, useState } from "react";
import { data, Link, redirect } from "react-router";
import { ArtworkGrid, CreatorAvatar } from "~/components/community/artwork-card";
import { CollectionGrid } from "~/components/community/collection-grid";
import { FollowButton, HideButton } from "~/components/community/follow-button";
import { MemberBadge } from "~/components/community/member-badge";
import { MoreBelow, useMorePages } from "~/components/community/more-pages";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { When } from "~/components/when";
import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import type { ArtworkPage } from "~/lib/community-views";
import {
  CREATOR_TABS,
  type CreatorProfile,
  type CreatorTab,
  creatorPath,
  type PeoplePage,
  type PersonCard,
} from "~/lib/creator-views";
import { formatCompactCount } from "~/lib/format";
import type { Route } from "./+types/creator";

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = getDb();
  const found = await findCreator(db, params.handle);
  if (!found) throw data({ message: `Page not found: ${url.pathname}` }, { status: 404 });
  if ("movedTo" in found) throw redirect(`/creators/${encodeURIComponent(found.movedTo)}${url.search}`);
  const { creator } = found;
  const tabParam = url.searchParams.get("tab");
  const tab: CreatorTab = (CREATOR_TABS as readonly string[]).includes(tabParam ?? "")
    ? (tabParam as CreatorTab)
    : "works";
  const cursor = url.searchParams.get("cursor");
  const viewer = await getUser(request);
  const [profile, works, people, collections, relation] = await Promise.all([
    getCreatorProfile(db, creator, browsingLevelFor(viewer)),
    tab === "works"
      ? listCreatorArtworks(db, creator.id, { cursor: cursor ?? undefined, limit: 24 }, browsingLevelFor(viewer))
      : null,
    tab === "followers" || tab === "following" ? listPeople(db, creator.id, tab, cursor) : null,
    tab === "collections" ? listPublicCollections(db, creator.id) : null,
    viewer ? viewerRelation(db, viewer.userUid, creator.id) : null,
  ]);
  const origin = (() => {
    try {
      return new URL(getConfig().publicUrl).origin;
    } catch {
      return url.origin;
    }
  })();
  return {
    profile,
    tab,
    works,
    people,
    collections,
    relation,
    signedIn: viewer !== null,
    shareUrl: `${origin}${creatorPath(profile.handle)}`,
    ogImage: profile.image ? new URL(profile.image, origin).toString() : null,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Creator · Atelier" }];
  const { profile, shareUrl, ogImage } = loaded;
  const title = `${profile.name} (@${profile.handle}) · Atelier`;
  const description =
    profile.bio.slice(0, 200) ||
    `${profile.counts.works} ${profile.counts.works === 1 ? "artwork" : "artworks"} by ${profile.name} on Atelier.`;
  const tags = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Atelier" },
    { property: "og:title", content: `${profile.name} on Atelier` },
    { property: "og:description", content: description },
    { property: "og:url", content: shareUrl },
    { property: "profile:username", content: profile.handle },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: `${profile.name} on Atelier` },
    { name: "twitter:description", content: description },
    { tagName: "link", rel: "canonical", href: shareUrl },
  ];
  if (ogImage) tags.push({ property: "og:image", content: ogImage }, { name: "twitter:image", content: ogImage });
  return tags;
};

const TAB_LABELS: Record<CreatorTab, string> = {
  works: "Works",
  collections: "Collections",
  followers: "Followers",
  following: "Following",
};

export default function CreatorPage({ loaderData }: Route.ComponentProps) {
  const { profile, tab, relation, signedIn } = loaderData;
  const [followers, setFollowers] = useState(profile.counts.followers);
  const [shownFor, setShownFor] = useState(profile);
  // A new loader answer (after hiding, or another creator) starts from its own counts.
  if (shownFor !== profile) {
    setShownFor(profile);
    setFollowers(profile.counts.followers);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <CreatorAvatar creator={profile} size={96} className="ring-4 ring-paper-raised" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <PageHeading large>{profile.name}</PageHeading>
            <MemberBadge badge={profile.badge} />
          </div>
          <p className="mt-1 text-ink-soft">@{profile.handle}</p>
          {profile.bio ? (
            // Plain text: links are shown, never made clickable.
            <p className="mt-3 max-w-2xl whitespace-pre-line break-words text-ink">{profile.bio}</p>
          ) : null}
          <p className="mt-3 flex items-center gap-1.5 text-sm text-ink-faint">
            <CalendarDays aria-hidden className="size-4" /> Joined <When value={profile.joinedAt} style="date" />
          </p>
          <ul aria-label="Counts" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Count
              label={profile.counts.works === 1 ? "work" : "works"}
              value={profile.counts.works}
              Icon={ImageIcon}
            />
            <Count
              label={followers === 1 ? "follower" : "followers"}
              value={followers}
              Icon={Users}
              to={creatorPath(profile.handle, "followers")}
            />
            <Count label="following" value={profile.counts.following} to={creatorPath(profile.handle, "following")} />
            <Count label={profile.counts.likes === 1 ? "like" : "likes"} value={profile.counts.likes} Icon={Heart} />
          </ul>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {relation?.self ? (
            <Link to="/user-profile" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Edit your page
            </Link>
          ) : relation?.hidden ? (
            <HideButton handle={profile.handle} name={profile.name} hidden />
          ) : (
            <>
              <FollowButton
                key={profile.id}
                handle={profile.handle}
                name={profile.name}
                following={relation?.following ?? false}
                followers={followers}
                signedIn={signedIn}
                onChange={(state) => setFollowers(state.followers)}
              />
              {signedIn ? <HideButton handle={profile.handle} name={profile.name} hidden={false} /> : null}
            </>
          )}
        </div>
      </header>

      <nav aria-label={`${profile.name}'s page`} className="mt-8 border-b border-line">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {CREATOR_TABS.map((t) => (
            <li key={t}>
              <Link
                to={creatorPath(profile.handle, t)}
                aria-current={t === tab ? "page" : undefined}
                className={cn(
                  "inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4",
                  t === tab ? "border-accent text-ink" : "border-transparent text-ink-soft hover:text-ink",
                )}
              >
                {TAB_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6">
        {relation?.hidden ? (
          <EmptyState size="page">
            <p className="font-medium text-ink">You hid {profile.name}</p>
            <p className="max-w-sm text-sm text-ink-soft">Show them again to see their works here.</p>
          </EmptyState>
        ) : loaderData.works ? (
          <CreatorWorks profile={profile} page={loaderData.works} self={relation?.self ?? false} />
        ) : loaderData.people ? (
          <PeopleList profile={profile} tab={tab} page={loaderData.people} />
        ) : loaderData.collections ? (
          loaderData.collections.length === 0 ? (
            <EmptyState size="page">
              <p className="font-medium text-ink">No public collections</p>
            </EmptyState>
          ) : (
            <CollectionGrid collections={loaderData.collections} />
          )
        ) : null}
      </div>
    </div>
  );
}

function Count({ label, value, Icon, to }: { label: string; value: number; Icon?: typeof Users; to?: string }) {
  const body = (
    <>
      {Icon ? <Icon aria-hidden className="size-4 text-ink-faint" /> : null}
      <span className="font-semibold tabular-nums text-ink">{formatCompactCount(value)}</span>
      <span className="text-ink-soft">{label}</span>
    </>
  );
  return (
    <li className="flex items-center gap-1.5">
      {to ? (
        <Link to={to} className="flex items-center gap-1.5 hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

function CreatorWorks({ profile, page, self }: { profile: CreatorProfile; page: ArtworkPage; self: boolean }) {
  const api = useApiClient();
  const fetchPage = useCallback(
    (cursor: string) =>
      api.get<ArtworkPage>(
        `/api/creators/${encodeURIComponent(profile.handle)}/artworks?cursor=${encodeURIComponent(cursor)}`,
      ),
    [api, profile.handle],
  );
  const more = useMorePages(page, fetchPage);
  if (more.items.length === 0)
    return (
      <EmptyState size="page">
        <Sparkles aria-hidden className="size-8 text-accent" />
        <p className="font-medium text-ink">{self ? "You have not published anything yet" : "Nothing published yet"}</p>
        {self ? (
          <Link to="/ai/ai-text-to-art" className={buttonClass({ size: "sm", className: "mt-2" })}>
            Start creating
          </Link>
        ) : null}
      </EmptyState>
    );
  return (
    <>
      <SectionHeading className="sr-only">Works</SectionHeading>
      <ArtworkGrid items={more.items} eagerCount={4} />
      <MoreBelow
        {...more}
        shown={more.items.length}
        nextHref={(cursor) => `${creatorPath(profile.handle)}?cursor=${encodeURIComponent(cursor)}`}
      />
    </>
  );
}

function PeopleList({ profile, tab, page }: { profile: CreatorProfile; tab: CreatorTab; page: PeoplePage }) {
  const api = useApiClient();
  const fetchPage = useCallback(
    (cursor: string) =>
      api.get<PeoplePage>(
        `/api/creators/${encodeURIComponent(profile.handle)}/${tab}?cursor=${encodeURIComponent(cursor)}`,
      ),
    [api, profile.handle, tab],
  );
  const more = useMorePages(page, fetchPage);
  if (more.items.length === 0)
    return (
      <EmptyState size="page">
        <Users aria-hidden className="size-8 text-accent" />
        <p className="font-medium text-ink">
          {tab === "followers" ? `Nobody follows ${profile.name} yet` : `${profile.name} follows nobody yet`}
        </p>
      </EmptyState>
    );
  return (
    <>
      <SectionHeading className="sr-only">{TAB_LABELS[tab]}</SectionHeading>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {more.items.map((person) => (
          <PersonRow key={person.id} person={person} />
        ))}
      </ul>
      <MoreBelow
        {...more}
        shown={more.items.length}
        nextHref={(cursor) => `${creatorPath(profile.handle, tab)}&cursor=${encodeURIComponent(cursor)}`}
      />
    </>
  );
}

function PersonRow({ person }: { person: PersonCard }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-line bg-paper-raised p-4 shadow-sm">
      <CreatorAvatar creator={person} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">
          <Link to={creatorPath(person.handle)} className="hover:underline">
            {person.name}
          </Link>
        </p>
        <p className="truncate text-sm text-ink-soft">@{person.handle}</p>
      </div>
    </li>
  );
}

/**
 * /community/detail?id=…: one artwork, loaded from the server by id (ADR 0019), so a shared link
 * works for everyone. OpenGraph and Twitter card tags let the link show the image.
 */
import { getUser } from "@server/auth/guards";
import { getArtworkView, relatedArtworks } from "@server/community/artworks";
import { viewerRelation } from "@server/community/follows";
import { listComments } from "@server/community/comments";
import { getConfig } from "@server/config";
import { browsingLevelFor, maySee } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { CalendarDays, Download, EyeOff, Star, WandSparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { DownloadMenu, OwnerActions, Reactions, ReportButton } from "~/components/community/artwork-actions";
import { ArtworkGrid, CreatorAvatar, detailPath } from "~/components/community/artwork-card";
import { FollowButton } from "~/components/community/follow-button";
import { MatureVeil } from "~/components/community/mature-veil";
import { Comments } from "~/components/community/comments";
import { SaveButton } from "~/components/community/save-button";
import { creatorPath } from "~/lib/creator-views";
import { excerpt, styleLabel } from "~/components/studio/format";
import { When } from "~/components/when";
import { buttonClass } from "~/components/ui/button";
import type { ArtworkView } from "~/lib/community-views";
import { MODE_LABELS } from "~/lib/generation-constants";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/detail";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { EmptyState } from "~/components/ui/empty-state";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  // The spec's static path without an id: a page that points to the gallery (200).
  if (!id) return { missing: true as const };
  const user = await getUser(request);
  const db = getDb();
  const artwork = await getArtworkView(db, id, user?.userUid ?? null);
  if (!artwork) throw data({ message: `Page not found: ${url.pathname}` }, { status: 404 });
  const level = browsingLevelFor(user);
  // A mature work is for people who opted in, an explicit one for nobody but its creator (issue 40):
  // anyone else gets a note, with nothing of the work — not its picture, title or words.
  if (!artwork.mine && !maySee(level, artwork.maturity))
    return {
      missing: false as const,
      adultsOnly: true as const,
      signedIn: user !== null,
      explicit: artwork.maturity === "explicit",
      loginHref: `/login?${new URLSearchParams({ redirectTo: detailPath(artwork.id) })}`,
    };
  const [related, relation, comments] = await Promise.all([
    relatedArtworks(db, artwork.id, browsingLevelFor(user), 8),
    user && !artwork.mine ? viewerRelation(db, user.userUid, artwork.creator.id) : null,
    listComments(db, artwork, user?.userUid ?? null),
  ]);
  const origin = (() => {
    try {
      return new URL(getConfig().publicUrl).origin;
    } catch {
      return url.origin;
    }
  })();
  return {
    missing: false as const,
    adultsOnly: false as const,
    artwork,
    related,
    followingCreator: relation?.following ?? false,
    comments,
    viewerId: user?.userUid ?? null,
    signedIn: user !== null,
    shareUrl: `${origin}${detailPath(artwork.id)}`,
    // Share cards never carry a mature picture (issue 40), whoever the page is for.
    ogImage: artwork.maturity === "general" ? new URL(artwork.imageUrl, origin).toString() : null,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded || loaded.missing) return [{ title: "Artwork · Atelier" }];
  if (loaded.adultsOnly) return [{ title: "Mature artwork · Atelier" }, { name: "robots", content: "noindex" }];
  const { artwork, shareUrl, ogImage } = loaded;
  const title = `${artwork.title} · Atelier`;
  const description = excerpt(
    artwork.description || `${styleLabel(artwork.style)} artwork by ${artwork.creator.name} on Atelier.`,
    200,
  );
  const tags = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Atelier" },
    { property: "og:title", content: artwork.title },
    { property: "og:description", content: description },
    { property: "og:url", content: shareUrl },
    ...(ogImage
      ? [
          { property: "og:image", content: ogImage },
          { property: "og:image:width", content: String(artwork.width) },
          { property: "og:image:height", content: String(artwork.height) },
          { property: "og:image:alt", content: artwork.title },
        ]
      : []),
    { name: "twitter:card", content: ogImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: artwork.title },
    { name: "twitter:description", content: description },
    ...(ogImage ? [{ name: "twitter:image", content: ogImage }] : []),
    { tagName: "link", rel: "canonical", href: shareUrl },
  ];
  if (artwork.visibility === "unlisted") tags.push({ name: "robots", content: "noindex" });
  return tags;
};

function remixPath(artwork: ArtworkView, christmasOn: boolean): string {
  const page = artwork.christmas && christmasOn ? "/ai/christmas-event/ai-text-to-art" : "/ai/ai-text-to-art";
  return `${page}?remix=${encodeURIComponent(artwork.id)}`;
}

export default function DetailPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.missing)
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <PageHeading large>Artwork</PageHeading>
        <p className="mt-3 text-lg text-ink-soft">Open an artwork from the community to see it here.</p>
        <Link to="/community/list" className={buttonClass({ className: "mt-6" })}>
          Browse the community
        </Link>
      </section>
    );
  if (loaderData.adultsOnly) return <AdultsOnly {...loaderData} />;
  return <ArtworkDetail {...loaderData} />;
}

/** What someone who did not opt into mature pictures sees of a mature work's page (issue 40). */
function AdultsOnly({ signedIn, explicit, loginHref }: { signedIn: boolean; explicit: boolean; loginHref: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6" data-testid="adults-only">
      <PageHeading large>{explicit ? "Not available" : "A mature artwork"}</PageHeading>
      {explicit ? (
        <p className="mt-3 text-lg text-ink-soft">This artwork is not shown in the community.</p>
      ) : (
        <>
          <p className="mt-3 text-lg text-ink-soft">
            This artwork is for adults who chose to see mature pictures.{" "}
            {signedIn
              ? "You can choose to see them in your profile's settings."
              : "Sign in, then choose to see them in your profile's settings."}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {signedIn ? (
              <Link to="/user-profile#browsing-level" className={buttonClass({})}>
                Open your profile's settings
              </Link>
            ) : (
              <Link to={loginHref} className={buttonClass({})}>
                Sign in
              </Link>
            )}
            <Link to="/community/list" className={buttonClass({ variant: "secondary" })}>
              Browse the community
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function ArtworkDetail(loaderData: Extract<Route.ComponentProps["loaderData"], { missing: false; adultsOnly: false }>) {
  const { related, signedIn } = loaderData;
  const root = useRootData();
  const christmasOn = Boolean(root?.flags?.christmas_event);
  const [artwork, setArtwork] = useState(loaderData.artwork);
  const [downloads, setDownloads] = useState(loaderData.artwork.downloads);
  useEffect(() => {
    setArtwork(loaderData.artwork);
    setDownloads(loaderData.artwork.downloads);
  }, [loaderData.artwork]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-ink-soft">
        <Link to="/community/main" className="hover:text-ink hover:underline">
          Community
        </Link>
        <span aria-hidden> / </span>
        <Link to="/community/list" className="hover:text-ink hover:underline">
          All artwork
        </Link>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="overflow-hidden rounded-3xl border border-line bg-paper-sunken shadow-sm">
          <span className="relative block" style={{ aspectRatio: `${artwork.width} / ${artwork.height}` }}>
            <img
              aria-hidden
              alt=""
              src={artwork.placeholder}
              className="absolute inset-0 size-full scale-110 object-cover blur-xl"
            />
            <MatureVeil mature={artwork.mature} title={artwork.title} large className="size-full">
              <img
                src={artwork.imageUrl}
                alt={artwork.title}
                width={artwork.width}
                height={artwork.height}
                className="relative block size-full object-contain"
              />
            </MatureVeil>
          </span>
        </figure>

        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <PageHeading>{artwork.title}</PageHeading>
            <div className="mt-3 flex items-center gap-3">
              <CreatorAvatar creator={artwork.creator} size={36} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-ink">
                  <Link to={creatorPath(artwork.creator.handle)} className="hover:underline">
                    {artwork.creator.name}
                  </Link>
                </p>
                <p className="flex items-center gap-1 text-xs text-ink-faint">
                  <CalendarDays aria-hidden className="size-3.5" />
                  <When value={artwork.createdAt} style="date" />
                </p>
              </div>
              {artwork.mine ? null : (
                <FollowButton
                  key={artwork.creator.id}
                  handle={artwork.creator.handle}
                  name={artwork.creator.name}
                  following={loaderData.followingCreator}
                  signedIn={signedIn}
                />
              )}
            </div>
          </div>

          <div className="flex flex-wrap gap-2 text-xs">
            <span className="rounded-full bg-accent-soft px-2.5 py-1 font-semibold text-accent-strong">
              {styleLabel(artwork.style)}
            </span>
            <span className="rounded-full bg-paper-sunken px-2.5 py-1 font-medium text-ink-soft">
              {MODE_LABELS[artwork.mode]}
            </span>
            {artwork.featured ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 font-medium text-amber-800">
                <Star aria-hidden className="size-3" /> Featured
              </span>
            ) : null}
            {artwork.visibility === "unlisted" ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-paper-sunken px-2.5 py-1 font-medium text-ink-soft">
                <EyeOff aria-hidden className="size-3" /> Unlisted
              </span>
            ) : null}
          </div>

          {artwork.description ? (
            <p className="whitespace-pre-line break-words text-ink-soft">{artwork.description}</p>
          ) : null}

          {artwork.tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
              {artwork.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/community/list?q=${encodeURIComponent(tag)}`}
                    className="rounded-full px-2.5 py-1 text-xs font-medium text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-ink"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          {artwork.prompt ? (
            <div className="rounded-2xl border border-line bg-paper-raised p-4">
              <h2 className="text-xs font-semibold uppercase tracking-wide text-ink-faint">Prompt</h2>
              <p data-testid="artwork-prompt" className="mt-1 whitespace-pre-line break-words text-sm text-ink">
                {artwork.prompt}
              </p>
              {artwork.negativePrompt ? (
                <p className="mt-2 break-words text-xs text-ink-soft">
                  <span className="font-semibold">Avoid: </span>
                  {artwork.negativePrompt}
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Reactions key={artwork.id} artwork={artwork} signedIn={signedIn} />
            <p className="flex items-center gap-1.5 text-sm text-ink-soft">
              <Download aria-hidden className="size-4 text-ink-faint" />
              <span data-testid="download-count" className="font-semibold tabular-nums text-ink">
                {downloads}
              </span>
              {downloads === 1 ? "download" : "downloads"}
            </p>
          </div>

          <div className="flex flex-wrap items-center gap-2">
            <Link to={remixPath(artwork, christmasOn)} className={buttonClass({ size: "sm" })}>
              <WandSparkles aria-hidden className="size-4" /> {artwork.prompt ? "Use this prompt" : "Remix"}
            </Link>
            <DownloadMenu artworkId={artwork.id} onDownloaded={() => setDownloads((n) => n + 1)} />
            <SaveButton picture={{ artworkId: artwork.id }} signedIn={signedIn} title={artwork.title} />
            {artwork.mine ? null : <ReportButton url={`/api/artworks/${artwork.id}/reports`} signedIn={signedIn} />}
          </div>

          {artwork.mine ? <OwnerActions artwork={artwork} onSaved={setArtwork} /> : null}

          <p className="text-xs text-ink-faint">
            Seed {artwork.seed} · {artwork.width} × {artwork.height} · {artwork.engineLabel}
          </p>
        </div>
      </div>

      <Comments
        key={artwork.id}
        artworkId={artwork.id}
        initial={loaderData.comments}
        viewer={{ id: loaderData.viewerId, ownsArtwork: artwork.mine }}
      />

      <section aria-labelledby="related-title" className="mt-14">
        <SectionHeading id="related-title" large className="mb-4">
          Related artwork
        </SectionHeading>
        {related.length > 0 ? (
          <ArtworkGrid items={related} />
        ) : (
          <EmptyState size="list">
            Nothing related yet.{" "}
            <Link to="/community/list" className="font-semibold text-accent underline-offset-4 hover:underline">
              Browse everything
            </Link>
          </EmptyState>
        )}
      </section>
    </div>
  );
}

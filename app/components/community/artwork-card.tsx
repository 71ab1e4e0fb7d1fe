/** One artwork in a grid: its preview (blur-up), title, creator and counts; links to the detail page. */
import { Download, Heart, MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { BlurImage } from "~/components/studio/blur-image";
import { formatCompactCount } from "~/lib/format";
import { styleLabel } from "~/components/studio/format";
import type { ArtworkCard as ArtworkCardData, ArtworkCreator } from "~/lib/community-views";
import { cn } from "~/lib/cn";
import { creatorPath } from "~/lib/creator-views";
import { useViewer } from "~/lib/viewer";
import { MatureVeil } from "./mature-veil";
import { SaveButton } from "./save-button";

export const detailPath = (id: string) => `/community/detail?id=${encodeURIComponent(id)}`;

/** The creator's profile image, or their initial on a tinted disc. */
export function CreatorAvatar({
  creator,
  size = 24,
  className,
}: {
  creator: ArtworkCreator;
  size?: number;
  className?: string;
}) {
  const initial = (creator.name.trim()[0] ?? "?").toUpperCase();
  // Only http(s) or our own paths as an image source.
  const safe = creator.image && /^(https?:\/\/|\/)/i.test(creator.image) ? creator.image : null;
  return safe ? (
    <img
      src={safe}
      alt=""
      width={size}
      height={size}
      className={cn("shrink-0 rounded-full object-cover", className)}
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden
      className={cn(
        "inline-grid shrink-0 place-items-center rounded-full bg-accent-soft font-semibold text-accent-strong",
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {initial}
    </span>
  );
}

export function ArtworkCard({ artwork: a, eager = false }: { artwork: ArtworkCardData; eager?: boolean }) {
  return (
    <article
      data-testid="artwork-card"
      data-artwork-id={a.id}
      className="group relative overflow-hidden rounded-2xl border border-line bg-paper-raised shadow-sm transition hover:shadow-md"
    >
      <div className="absolute top-2 right-2 z-10 opacity-100 transition sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        <SaveButton
          picture={{ artworkId: a.id }}
          title={a.title}
          iconOnly
          className="grid size-9 place-items-center rounded-full bg-paper/90 text-ink shadow-sm ring-1 ring-line hover:bg-paper"
        />
      </div>
      {/* A mature work reaches only people who opted in (issue 40): blurred until they ask. */}
      <MatureVeil mature={a.mature} title={a.title}>
        <BlurImage
          src={a.previewUrl}
          image={a}
          alt=""
          loading={eager ? "eager" : "lazy"}
          imgClassName="transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </MatureVeil>
      <div className="flex flex-col gap-1.5 p-3">
        <h3 className="text-sm font-semibold leading-snug text-ink">
          <Link
            to={detailPath(a.id)}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent"
          >
            {a.title}
          </Link>
        </h3>
        <div className="flex items-center gap-2 text-xs text-ink-soft">
          <CreatorAvatar creator={a.creator} size={20} />
          <span className="min-w-0 flex-1 truncate">
            {/* Above the card's own link, which covers the card. */}
            <Link to={creatorPath(a.creator.handle)} className="relative z-10 hover:text-ink hover:underline">
              {a.creator.name}
            </Link>
          </span>
          <span className="flex items-center gap-0.5" title={`${a.likes} likes`}>
            <Heart aria-hidden className="size-3.5" />
            <span className="sr-only">Likes: </span>
            {formatCompactCount(a.likes)}
          </span>
          {a.comments > 0 ? (
            <span className="flex items-center gap-0.5" title={`${a.comments} comments`}>
              <MessageCircle aria-hidden className="size-3.5" />
              <span className="sr-only">Comments: </span>
              {formatCompactCount(a.comments)}
            </span>
          ) : null}
          <span className="flex items-center gap-0.5" title={`${a.downloads} downloads`}>
            <Download aria-hidden className="size-3.5" />
            <span className="sr-only">Downloads: </span>
            {formatCompactCount(a.downloads)}
          </span>
        </div>
        <p className="text-xs text-ink-faint">{styleLabel(a.style)}</p>
      </div>
    </article>
  );
}

/**
 * A masonry grid: CSS columns, each card kept whole. The works of people the viewer hid are left
 * out once the page is live (pages rendered once for everyone cannot leave them out on the server).
 */
export function ArtworkGrid({
  items,
  eagerCount = 0,
  className,
}: {
  items: ArtworkCardData[];
  eagerCount?: number;
  className?: string;
}) {
  const hidden = useHiddenPeople();
  const shown = hidden ? items.filter((a) => !hidden.has(a.creator.id)) : items;
  return (
    <ul className={cn("columns-1 gap-4 min-[420px]:columns-2 md:columns-3 xl:columns-4", className)}>
      {shown.map((a, i) => (
        <li key={a.id} className="mb-4 break-inside-avoid">
          <ArtworkCard artwork={a} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/** The people the viewer hid, once the page is live (the first render matches the server's). */
function useHiddenPeople(): Set<string> | null {
  const viewer = useViewer();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live && viewer?.hidden?.length ? new Set(viewer.hidden) : null;
}

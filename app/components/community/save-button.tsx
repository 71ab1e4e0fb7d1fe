/**
 * "Save" a picture to collections (issue 30): a published artwork (`artworkId`), or one of the
 * person's own pictures (`generationId` and `index`, from the Studio's lightbox). The button is
 * light — it is on every card of public pages — and the dialog (save-dialog.tsx) loads when it is
 * first pressed.
 */
import { Bookmark } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { CollectionPicture } from "~/lib/collection-views";
import { useViewer } from "~/lib/viewer";

const SaveDialog = lazy(() => import("./save-dialog"));

export function SaveButton({
  picture,
  signedIn,
  title,
  className,
  iconOnly = false,
}: {
  picture: CollectionPicture;
  /**
   * Whether the person is signed in, when the page knows; otherwise (cards on pages rendered for
   * everyone) it is asked at the click, so the button renders the same for all.
   */
  signedIn?: boolean;
  /** The picture's title, for the button's accessible name. */
  title: string;
  className?: string;
  iconOnly?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        className={className ?? buttonClass({ variant: "secondary", size: "sm" })}
        // A name, not text: the card's own text stays its title and creator.
        aria-label={iconOnly ? `Save ${title}` : `Save ${title} to a collection`}
        onClick={() => {
          if (!(signedIn ?? viewer !== null)) {
            void navigate(`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`);
            return;
          }
          setOpen(true);
        }}
      >
        <Bookmark aria-hidden className="size-4" />
        {iconOnly ? null : "Save"}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SaveDialog picture={picture} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

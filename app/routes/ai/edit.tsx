/**
 * /ai/edit?generation=<id>&index=<n> or ?preview=<file name>: edit a part of a picture (issue 31) —
 * one of the person's history pictures, or the picture they uploaded on the image-to-art page.
 * Visitors are asked to sign in (there is no picture of theirs to edit); a picture that is gone
 * says so and offers a way back.
 */
import { getUser } from "@server/auth/guards";
import { loadEditPage, loadEditPicture } from "@server/generation/page-data";
import { ImageOff, Images } from "lucide-react";
import { Link, useLocation } from "react-router";
import { EDIT_HISTORY_PATH } from "~/components/studio/edit-links";
import { PictureEditor } from "~/components/studio/picture-editor";
import { modePath } from "~/components/studio/studio-header";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { MAX_IMAGES } from "~/lib/generation-constants";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit a picture · Atelier" }];

/** What the address asks for: a history picture, a preview, or nothing usable. */
function wantedPicture(url: URL): { generationId: string; index: number } | { preview: string } | null {
  const generationId = url.searchParams.get("generation");
  const index = Number(url.searchParams.get("index") ?? "0");
  if (generationId && Number.isInteger(index) && index >= 0 && index < MAX_IMAGES) return { generationId, index };
  const preview = url.searchParams.get("preview");
  return preview ? { preview } : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const wanted = wantedPicture(new URL(request.url));
  const [page, picture] = await Promise.all([
    loadEditPage(user?.userUid ?? null),
    user && wanted ? loadEditPicture(user.userUid, wanted) : Promise.resolve(null),
  ]);
  return { ...page, picture, asked: wanted === null ? null : "preview" in wanted ? "preview" : "history" };
}

export default function EditPage({ loaderData }: Route.ComponentProps) {
  const { picture, asked, ...data } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6">
      <header>
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Edit a picture</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">
          Repaint a part — paint over it and say what goes there, or nothing to remove it — or widen the picture beyond
          its frame. The result is a new picture in your history, priced like image to art.
        </p>
        {picture ? (
          <p className="mt-3 text-sm text-ink-soft">
            Editing{" "}
            <span className="font-medium text-ink" data-testid="edit-picture-title">
              {picture.title.length > 90 ? `${picture.title.slice(0, 89)}…` : picture.title}
            </span>{" "}
            ({picture.width} × {picture.height}).{" "}
            <Link
              to={picture.from ? `${modePath(picture.from.mode, false)}#history-title` : "/ai/ai-image-to-art"}
              className="font-semibold text-accent underline-offset-4 hover:underline"
            >
              {picture.from ? "Back to your history" : "Back to image to art"}
            </Link>
          </p>
        ) : null}
      </header>

      {!data.signedIn ? (
        <div className="mt-6 rounded-2xl border border-line bg-paper-raised p-6">
          <p className="text-ink">Sign in to edit your pictures.</p>
          <Link
            to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
            className={buttonClass({ className: "mt-3" })}
          >
            Sign in
          </Link>
        </div>
      ) : picture ? (
        <PictureEditor key={picture.url} data={data} picture={picture} />
      ) : (
        <EmptyState size="page" className="mt-6">
          {asked ? (
            <ImageOff aria-hidden className="size-8 text-ink-faint" />
          ) : (
            <Images aria-hidden className="size-8 text-accent" />
          )}
          <p data-testid="edit-missing" className="font-medium text-ink">
            {asked === "history"
              ? "That picture is no longer in your history."
              : asked === "preview"
                ? "That picture is no longer on the server. Upload it again."
                : "Choose a picture to edit."}
          </p>
          <p className="max-w-sm text-sm text-ink-soft">
            Open one of your pictures and choose Edit, or upload a picture on the image-to-art page and choose Edit a
            part.
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Link to={EDIT_HISTORY_PATH} className={buttonClass({ size: "sm" })}>
              Your pictures
            </Link>
            <Link to="/ai/ai-image-to-art" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Upload a picture
            </Link>
          </div>
        </EmptyState>
      )}
    </div>
  );
}

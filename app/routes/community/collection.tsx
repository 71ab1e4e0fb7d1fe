/**
 * /collections/{id}: one collection (issue 30) — public ones for anyone, private ones for their
 * owner (a 404 for others). Its owner renames it, makes it public or private, deletes it, and moves
 * or removes its pictures. A picture that is gone shows as a placeholder.
 */
import { getUser } from "@server/auth/guards";
import { getCollectionView } from "@server/community/collections";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { ArrowDown, ArrowUp, ImageOff, Lock, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { ArtworkCard } from "~/components/community/artwork-card";
import { apiFailure } from "~/components/community/artwork-fields";
import { ConfirmDialog, Modal } from "~/components/community/modal";
import { BlurImage } from "~/components/studio/blur-image";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, inputClass } from "~/components/ui/field";
import { PageHeading } from "~/components/ui/page-heading";
import { useApiClient } from "~/lib/api-client";
import { type CollectionEntry, type CollectionView, collectionInput } from "~/lib/collections";
import { creatorPath } from "~/lib/creator-views";
import { checkInput } from "~/lib/forms";
import type { Route } from "./+types/collection";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getUser(request);
  const collection = await getCollectionView(getDb(), params.id, viewer?.userUid ?? null, browsingLevelFor(viewer));
  if (!collection) throw data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 });
  return { collection };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Collection · Atelier" }];
  const { collection } = loaded;
  return [
    { title: `${collection.name} · a collection by ${collection.owner.name} · Atelier` },
    { property: "og:title", content: `${collection.name} · Atelier` },
    {
      property: "og:description",
      content: `A collection of ${collection.items} pictures by ${collection.owner.name}.`,
    },
    ...(collection.visibility === "private" ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const api = useApiClient();
  const navigate = useNavigate();
  const [collection, setCollection] = useState<CollectionView>(loaderData.collection);
  const [shownFor, setShownFor] = useState(loaderData.collection);
  if (shownFor !== loaderData.collection) {
    setShownFor(loaderData.collection);
    setCollection(loaderData.collection);
  }
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function move(index: number, by: -1 | 1) {
    const entries = [...collection.entries];
    const [moved] = entries.splice(index, 1);
    entries.splice(index + by, 0, moved!);
    const before = collection;
    setCollection({ ...collection, entries });
    setError(null);
    try {
      await api.put(`/api/collections/${collection.id}/order`, { json: { itemIds: entries.map((e) => e.id) } });
    } catch (e) {
      setCollection(before);
      setError(apiFailure(e).message);
    }
  }

  async function remove(entry: CollectionEntry) {
    const before = collection;
    setCollection({
      ...collection,
      items: collection.items - 1,
      entries: collection.entries.filter((e) => e.id !== entry.id),
    });
    setError(null);
    try {
      await api.delete(`/api/collections/${collection.id}/items/${entry.id}`);
    } catch (e) {
      setCollection(before);
      setError(apiFailure(e).message);
    }
  }

  async function destroy() {
    try {
      await api.delete(`/api/collections/${collection.id}`);
      await navigate("/collections");
    } catch (e) {
      setError(apiFailure(e).message);
      setDeleting(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-ink-soft">
        {collection.mine ? (
          <Link to="/collections" className="hover:text-ink hover:underline">
            Your collections
          </Link>
        ) : (
          <Link to={creatorPath(collection.owner.handle)} className="hover:text-ink hover:underline">
            {collection.owner.name}
          </Link>
        )}
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <PageHeading large className="flex items-center gap-2">
            {collection.name}
            {collection.visibility === "private" ? (
              <Lock aria-label="Private" className="size-6 text-ink-faint" />
            ) : null}
          </PageHeading>
          <p className="mt-1 text-ink-soft">
            {collection.items} {collection.items === 1 ? "picture" : "pictures"} · by{" "}
            <Link to={creatorPath(collection.owner.handle)} className="font-medium text-ink hover:underline">
              {collection.owner.name}
            </Link>
          </p>
        </div>
        {collection.mine ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              onClick={() => setEditing(true)}
            >
              Rename or share
            </button>
            <button
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden className="size-4" /> Delete
            </button>
          </div>
        ) : null}
      </header>
      {error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}

      {collection.entries.length === 0 ? (
        <EmptyState size="page" className="mt-8">
          <p className="font-medium text-ink">Nothing in this collection yet</p>
          {collection.mine ? (
            <p className="max-w-sm text-sm text-ink-soft">Press Save on a picture to keep it here.</p>
          ) : null}
        </EmptyState>
      ) : (
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Pictures">
          {collection.entries.map((entry, index) => (
            <li key={entry.id} className="flex flex-col gap-2" data-testid="collection-entry">
              <Entry entry={entry} />
              {collection.mine ? (
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    className={buttonClass({ variant: "secondary", size: "sm", className: "px-3" })}
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                    aria-label={`Move ${entryTitle(entry)} earlier`}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={buttonClass({ variant: "secondary", size: "sm", className: "px-3" })}
                    disabled={index === collection.entries.length - 1}
                    onClick={() => void move(index, 1)}
                    aria-label={`Move ${entryTitle(entry)} later`}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className="ml-auto text-sm text-ink-soft hover:text-ink hover:underline"
                    onClick={() => void remove(entry)}
                    aria-label={`Remove ${entryTitle(entry)} from the collection`}
                  >
                    Remove
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {collection.mine ? (
        <>
          <Modal open={editing} onClose={() => setEditing(false)} title="Rename or share">
            <EditCollection
              collection={collection}
              onSaved={(saved) => {
                setCollection({ ...collection, name: saved.name, visibility: saved.visibility });
                setEditing(false);
              }}
            />
          </Modal>
          <ConfirmDialog
            open={deleting}
            onClose={() => setDeleting(false)}
            title={`Delete “${collection.name}”?`}
            action="Delete collection"
            onConfirm={() => void destroy()}
          >
            The pictures stay where they are; only this collection goes.
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  );
}

function entryTitle(entry: CollectionEntry): string {
  if (entry.kind === "artwork") return entry.artwork.title;
  if (entry.kind === "image") return "your picture";
  return entry.title || "a picture";
}

function Entry({ entry }: { entry: CollectionEntry }) {
  if (entry.kind === "artwork") return <ArtworkCard artwork={entry.artwork} />;
  if (entry.kind === "image")
    return (
      <figure className="overflow-hidden rounded-2xl border border-line bg-paper-raised shadow-sm">
        <BlurImage src={entry.image.url} image={entry.image} alt="" />
        <figcaption className="p-3 text-sm text-ink-soft">{entry.image.title}</figcaption>
      </figure>
    );
  return (
    <div className="grid aspect-square place-items-center rounded-2xl border border-dashed border-line bg-paper-sunken p-4 text-center">
      <div>
        <ImageOff aria-hidden className="mx-auto size-8 text-ink-faint" />
        <p className="mt-2 text-sm text-ink-soft">
          {entry.title ? `“${entry.title}” is no longer shared` : "A private picture"}
        </p>
      </div>
    </div>
  );
}

function EditCollection({
  collection,
  onSaved,
}: {
  collection: CollectionView;
  onSaved: (saved: { name: string; visibility: "private" | "public" }) => void;
}) {
  const api = useApiClient();
  const [name, setName] = useState(collection.name);
  const [isPublic, setPublic] = useState(collection.visibility === "public");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkInput(collectionInput, { name, visibility: isPublic ? "public" : "private" });
    if (!checked.ok) {
      setError(checked.fields.name ?? "Name the collection");
      return;
    }
    setBusy(true);
    try {
      const answer = await api.patch<{ collection: { name: string; visibility: "private" | "public" } }>(
        `/api/collections/${collection.id}`,
        { json: checked.value },
      );
      onSaved(answer.collection);
    } catch (e) {
      const failure = apiFailure(e);
      setError(failure.fields.name ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <label htmlFor="collection-name" className="text-sm font-medium text-ink">
        Name
      </label>
      <input
        id="collection-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={60}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "collection-name-error" : undefined}
        className={inputClass}
      />
      <FieldError id="collection-name-error">{error ?? undefined}</FieldError>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(e) => setPublic(e.target.checked)}
          className="size-4 accent-[var(--color-accent)]"
        />
        Public: anyone may see it, and it is on your creator page
      </label>
      <div className="flex justify-end">
        <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}

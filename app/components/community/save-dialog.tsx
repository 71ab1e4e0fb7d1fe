/**
 * The Save dialog (issue 30), loaded when a Save button is first pressed: the person's collections —
 * the last saved to first — each a checkbox that saves or removes at once, and a new collection made
 * and saved to in one step.
 */
import { LoaderCircle, Lock, Plus } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldError, inputClass } from "~/components/ui/field";
import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { type CollectionPicture, type CollectionSummary, collectionInput, pictureQuery } from "~/lib/collections";
import { checkInput } from "~/lib/forms";
import { apiFailure } from "./artwork-fields";
import { Modal } from "./modal";

export default function SaveDialog({ picture, onClose }: { picture: CollectionPicture; onClose: () => void }) {
  const api = useApiClient();
  const [collections, setCollections] = useState<CollectionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const query = pictureQuery(picture);

  const load = useCallback(async () => {
    setError(null);
    try {
      const answer = await api.get<{ collections: CollectionSummary[] }>(`/api/collections?${query}`);
      setCollections(answer.collections);
    } catch (e) {
      setError(apiFailure(e).message);
    }
  }, [api, query]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Ticks or unticks at once; the server's answer (or its refusal) then sets what is true. */
  async function toggle(collection: CollectionSummary) {
    const flip = (c: CollectionSummary, on: boolean): CollectionSummary =>
      c.id === collection.id ? { ...c, contains: on, items: c.items + (on ? 1 : -1) } : c;
    const on = !collection.contains;
    setCollections((list) => list?.map((c) => flip(c, on)) ?? list);
    setPending(collection.id);
    setError(null);
    try {
      if (on) await api.post(`/api/collections/${collection.id}/items`, { json: picture });
      else await api.delete(`/api/collections/${collection.id}/items?${query}`);
      await load();
    } catch (e) {
      setCollections((list) => list?.map((c) => flip(c, !on)) ?? list);
      setError(apiFailure(e).message);
    } finally {
      setPending(null);
    }
  }

  return (
    <Modal open onClose={onClose} title="Save to a collection">
      {error ? (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {collections === null ? (
        error ? null : (
          <p role="status" className="flex items-center gap-2 text-sm text-ink-soft">
            <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading your collections…
          </p>
        )
      ) : (
        <>
          {collections.length === 0 ? (
            <p className="text-sm text-ink-soft">You have no collections yet: make the first one below.</p>
          ) : (
            <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label="Your collections">
              {collections.map((c) => (
                <li key={c.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-xl px-2 py-2 hover:bg-paper-sunken">
                    <input
                      type="checkbox"
                      checked={Boolean(c.contains)}
                      disabled={pending !== null}
                      onChange={() => void toggle(c)}
                      className="size-4 accent-[var(--color-accent)]"
                    />
                    <span className="min-w-0 flex-1 truncate text-ink">{c.name}</span>
                    {c.visibility === "private" ? (
                      <Lock aria-label="Private" className="size-3.5 text-ink-faint" />
                    ) : null}
                    <span className="text-xs text-ink-faint">{c.items}</span>
                    {pending === c.id ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <NewCollection
            onMade={async (made) => {
              try {
                await api.post(`/api/collections/${made.id}/items`, { json: picture });
                await load();
              } catch (e) {
                setError(apiFailure(e).message);
              }
            }}
          />
          <p className="mt-4 text-sm">
            <Link to="/collections" className="font-medium text-accent underline-offset-4 hover:underline">
              See all your collections
            </Link>
          </p>
        </>
      )}
    </Modal>
  );
}

/** A new collection's name and privacy, made with one button. */
export function NewCollection({ onMade }: { onMade: (collection: CollectionSummary) => void | Promise<void> }) {
  const api = useApiClient();
  const id = useId();
  const [name, setName] = useState("");
  const [isPublic, setPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkInput(collectionInput, { name, visibility: isPublic ? "public" : "private" });
    if (!checked.ok) {
      setError(checked.fields.name ?? "Name the collection");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { collection } = await api.post<{ collection: CollectionSummary }>("/api/collections", {
        json: checked.value,
      });
      setName("");
      await onMade(collection);
    } catch (e) {
      const failure = apiFailure(e);
      setError(failure.fields.name ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-2 border-t border-line pt-4">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        New collection
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          placeholder="Harbours, portraits…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClass, "flex-1")}
        />
        <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
          <Plus aria-hidden className="size-4" /> Make
        </button>
      </div>
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      <label className="flex items-center gap-2 text-sm text-ink-soft">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(e) => setPublic(e.target.checked)}
          className="size-4 accent-[var(--color-accent)]"
        />
        Public: shown on your creator page
      </label>
    </form>
  );
}

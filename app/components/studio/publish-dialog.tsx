/**
 * Publishing one image of a finished generation to the community (POST /api/artworks), and, when
 * a challenge is taking entries, entering it there too (issue 30).
 */
import { ExternalLink, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { apiFailure, ArtworkFields, readArtworkFields } from "~/components/community/artwork-fields";
import { detailPath } from "~/components/community/artwork-card";
import { DialogFormFooter, useDialogForm } from "~/components/community/dialog-form";
import { Modal } from "~/components/community/modal";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";

import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { TITLE_MAX } from "~/lib/community-constants";
import type { ArtworkView } from "~/lib/community-views";
import type { GenerationView } from "~/lib/generation-views";
import type { ChallengeSummary } from "~/lib/challenge-views";
import { FieldLabel, inputClass } from "~/components/ui/field";
import { BlurImage } from "./blur-image";
import { excerpt } from "./format";

/** A refusal about the picture itself has no field in the form to show beside, so it becomes the form's message. */
function publishFailure(error: unknown) {
  const failure = apiFailure(error);
  const elsewhere = failure.fields.generationId ?? failure.fields.imageIndex;
  return {
    fields: failure.fields,
    message: elsewhere ?? (Object.keys(failure.fields).length > 0 ? "Check the fields marked above." : failure.message),
  };
}

export function PublishButton({ generation: g, className }: { generation: GenerationView; className: string }) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [imageIndex, setImageIndex] = useState(0);
  const { busy, errors, message, send, clear } = useDialogForm();
  const [published, setPublished] = useState<ArtworkView | null>(null);
  const [openChallenges, setChallenges] = useState<ChallengeSummary[]>([]);
  const [entered, setEntered] = useState<{ title: string; error: string | null } | null>(null);
  const canPublish = g.status === "succeeded" && g.images.length > 0;

  /** The challenges taking entries now, offered in the form (nothing when there are none, or on failure). */
  async function loadChallenges() {
    try {
      const answer = await api.get<{ challenges: ChallengeSummary[] }>("/api/challenges");
      setChallenges(answer.challenges.filter((c) => c.phase === "entries"));
    } catch {
      setChallenges([]);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const challengeId = String(new FormData(event.currentTarget).get("challengeId") ?? "");
    const challenge = openChallenges.find((c) => c.id === challengeId);
    await send(
      readArtworkFields(event.currentTarget),
      async (fields) => {
        const answer = await api.post<{ artwork: ArtworkView }>("/api/artworks", {
          json: { ...fields, generationId: g.id, imageIndex },
        });
        setEntered(null);
        if (challenge) {
          // Published either way; a refused entry says why beside the success.
          try {
            await api.post(`/api/challenges/${challenge.id}/entries`, { json: { artworkId: answer.artwork.id } });
            setEntered({ title: challenge.title, error: null });
          } catch (error) {
            setEntered({ title: challenge.title, error: apiFailure(error).message });
          }
        }
        setPublished(answer.artwork);
      },
      publishFailure,
    );
  }

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={!canPublish}
        title={canPublish ? "Share it in the community" : "Only finished pictures can be published"}
        onClick={() => {
          setPublished(null);
          setEntered(null);
          clear();
          setOpen(true);
          void loadChallenges();
        }}
      >
        <Send aria-hidden className="size-3.5" /> Publish
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={published ? "Published" : "Publish to the community"}>
        {published ? (
          <div className="grid gap-4">
            <FormMessage tone="success">
              “{published.title}” is in the community
              {published.visibility === "unlisted" ? " (unlisted: only people with the link see it)" : ""}.
            </FormMessage>
            {entered ? (
              entered.error ? (
                <FormMessage tone="error">
                  Not entered in “{entered.title}”: {entered.error}
                </FormMessage>
              ) : (
                <FormMessage tone="success">It is entered in the challenge “{entered.title}”.</FormMessage>
              )
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                className={buttonClass({ variant: "secondary", size: "sm" })}
                onClick={() => setOpen(false)}
              >
                Close
              </button>
              <Link to={detailPath(published.id)} className={buttonClass({ size: "sm" })} data-testid="published-link">
                View it <ExternalLink aria-hidden className="size-4" />
              </Link>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            {g.images.length > 1 ? (
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-ink">Which picture?</legend>
                <div className="flex flex-wrap gap-2">
                  {g.images.map((image) => (
                    <label key={image.index} className="cursor-pointer">
                      <input
                        type="radio"
                        name="imageIndex"
                        value={image.index}
                        checked={imageIndex === image.index}
                        onChange={() => setImageIndex(image.index)}
                        className="peer sr-only"
                      />
                      <span
                        className={cn(
                          "block w-20 overflow-hidden rounded-xl ring-2 ring-transparent peer-checked:ring-accent peer-focus-visible:outline-2 peer-focus-visible:outline-accent",
                        )}
                      >
                        <BlurImage src={image.thumbUrl} image={image} alt={`Image ${image.index + 1}`} aspect="1 / 1" />
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : g.images[0] ? (
              <BlurImage src={g.images[0].thumbUrl} image={g.images[0]} alt="" className="mx-auto w-40 rounded-2xl" />
            ) : null}
            <ArtworkFields
              initial={{
                title: excerpt(g.prompt, TITLE_MAX) || "",
                description: "",
                tags: [],
                showPrompt: true,
                visibility: "public",
                mature: false,
              }}
              ratedMature={g.images.find((i) => i.index === imageIndex)?.maturity === "mature"}
              errors={errors}
              promptAvailable={g.prompt.trim() !== ""}
            />
            {openChallenges.length > 0 ? (
              <div>
                <FieldLabel htmlFor={`challenge-${g.id}`}>Enter a challenge (optional)</FieldLabel>
                <select id={`challenge-${g.id}`} name="challengeId" className={inputClass} defaultValue="">
                  <option value="">No challenge</option>
                  {openChallenges.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title} — {c.theme}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <DialogFormFooter message={message} busy={busy} busyLabel="Publishing…" onCancel={() => setOpen(false)}>
              Publish
            </DialogFormFooter>
          </form>
        )}
      </Modal>
    </>
  );
}

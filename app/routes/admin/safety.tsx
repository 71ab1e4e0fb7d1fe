/**
 * /admin/safety (issue 40, ADR 0059; not in the spec's list): how pictures and words are judged —
 * the thresholds that turn the classifier's scores into general, mature and explicit, the terms
 * refused outright and the terms that make a prompt mature — with what the background screening
 * has left to do. Every change is audited. Flagged accounts are on the review queue (/admin/review).
 */
import { loadSafetySettings, saveSafetySettings } from "@server/admin/settings/safety";
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { countUnscreenedPictures } from "@server/safety/backfill";
import { classifierVersion, CLASSIFIER_MODEL } from "@server/safety/classifier";
import { Form, Link, useNavigation } from "react-router";
import { SettingsCard } from "~/components/admin/settings-card";
import { buttonClass } from "~/components/ui/button";
import { ActionNotice, TextAreaField, TextField } from "~/components/ui/field";
import { PageHeading } from "~/components/ui/page-heading";
import { formValues } from "~/lib/forms";
import { formFailure, refusal } from "~/lib/forms.server";
import { controlCharacterFields } from "~/lib/plain-text";
import { THRESHOLD_FIELDS, type ThresholdField } from "~/lib/safety-constants";
import type { Route } from "./+types/safety";

export const meta = () => [{ title: "Picture safety · Atelier admin" }];

const THRESHOLD_LABELS: Record<ThresholdField, { label: string; hint: string }> = {
  matureAt: { label: "Mature at (%)", hint: "Sexy + porn + hentai reach this: the picture is mature." },
  explicitAt: { label: "Explicit at (%)", hint: "Porn + hentai reach this: uploads are refused, results held." },
  strictMatureAt: { label: "Mature at, for a mature prompt (%)", hint: "Used when the prompt has a mature term." },
  strictExplicitAt: {
    label: "Explicit at, for a mature prompt (%)",
    hint: "Used when the prompt has a mature term.",
  },
};

/** A share as the form shows it: a percentage with at most two decimals. */
const percent = (share: number) => String(Math.round(share * 10_000) / 100);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [settings, unscreened] = await Promise.all([loadSafetySettings(db), countUnscreenedPictures(db)]);
  return {
    settings,
    unscreened,
    model: `${CLASSIFIER_MODEL} (${classifierVersion()})`,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const values = formValues(form);
  const badText = controlCharacterFields(form);
  if (Object.keys(badText).length > 0)
    return formFailure({ form: "Some values need fixing.", fields: badText }, { values });
  try {
    await saveSafetySettings(getDb(), admin, values);
    return { ok: true as const, message: "Saved. New pictures and words are judged by these values now." };
  } catch (error) {
    return refusal(error, { values });
  }
}

export default function AdminSafetyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, unscreened, model } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const fields = failed?.errors.fields ?? {};
  const typed = failed?.values ?? {};
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <PageHeading>Picture safety</PageHeading>
        <p className="mt-1 text-ink-soft">
          Every uploaded picture, every engine result and every published artwork is rated by the classifier {model},
          which runs on this server. These values decide what its scores mean. Held pictures, creators' requests and
          flagged accounts wait on the{" "}
          <Link to="/admin/review" className="font-medium text-accent">
            review queue
          </Link>
          .
        </p>
      </header>
      <ActionNotice answer={actionData} />

      <Form method="post" className="space-y-8">
        <SettingsCard
          headingId="thresholds-heading"
          title="Thresholds"
          description="Lower values catch more pictures and refuse or hide more fine ones. A rating set by a threshold applies to pictures screened from now on; published ones keep theirs until a review."
          className="space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {THRESHOLD_FIELDS.map((name) => (
              <TextField
                key={name}
                name={name}
                label={THRESHOLD_LABELS[name].label}
                hint={THRESHOLD_LABELS[name].hint}
                inputMode="decimal"
                required
                defaultValue={typed[name] ?? percent(settings.thresholds[name])}
                error={fields[name]}
              />
            ))}
          </div>
        </SettingsCard>

        <SettingsCard
          headingId="terms-heading"
          title="Words"
          description="One term per line; whole words, any case. A sexual term together with a term for a minor is always refused, whatever these lists say."
          className="space-y-4"
        >
          <TextAreaField
            id="blocked-terms"
            name="blockedTerms"
            label="Refused outright"
            hint="In prompts, titles, descriptions, tags and comments; the message names the term."
            rows={6}
            defaultValue={typed.blockedTerms ?? settings.blockedTerms.join("\n")}
            error={fields.blockedTerms}
          />
          <TextAreaField
            id="mature-terms"
            name="matureTerms"
            label="Make a prompt mature"
            hint="Pictures from such a prompt are rated at the stricter thresholds above."
            rows={6}
            defaultValue={typed.matureTerms ?? settings.matureTerms.join("\n")}
            error={fields.matureTerms}
          />
        </SettingsCard>
        <button type="submit" className={buttonClass({ variant: "primary" })} disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </Form>

      <SettingsCard
        headingId="backfill-heading"
        title="Pictures made before screening"
        description="A background job screens them a few at a time and survives restarts."
        className="space-y-2"
      >
        <p className="text-sm text-ink" data-testid="unscreened">
          {unscreened.total === 0
            ? "Every picture has been screened."
            : `${unscreened.total} left to screen (${unscreened.artworks} artworks, ${unscreened.generationImages} history pictures).`}
        </p>
      </SettingsCard>
    </div>
  );
}

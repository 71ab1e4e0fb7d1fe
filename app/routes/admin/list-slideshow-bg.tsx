/** /admin/list-slideshow-bg: the home page's slideshow backgrounds, in order — add, edit, move, switch on and off, delete. */
import { requireAdmin } from "@server/auth/guards";
import {
  deleteSlide,
  listSlidesForAdmin,
  moveSlide,
  setSlideActive,
  slideImageUrl,
  slideStatus,
  type SlideStatus,
} from "@server/content/slideshow";
import { getDb } from "@server/db/client";
import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { Form, Link } from "react-router";
import { When } from "~/components/when";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/list-slideshow-bg";
import { PageHeading } from "~/components/ui/page-heading";
import { runListAction } from "~/lib/admin-list-action.server";
import { ActionNotice } from "~/components/ui/field";

export const meta = () => [{ title: "Slideshow · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const slides = (await listSlidesForAdmin(getDb())).map((s) => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle,
    imageUrl: slideImageUrl(s),
    color: s.color,
    status: slideStatus(s, now),
    startsAt: s.startsAt?.toISOString() ?? null,
    endsAt: s.endsAt?.toISOString() ?? null,
  }));
  return { slides };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  return runListAction(await request.formData(), {
    move: (id, direction) => moveSlide(db, admin, id, direction),
    toggle: {
      on: "activate",
      off: "deactivate",
      set: (id, on) => setSlideActive(db, admin, id, on),
      said: (on) =>
        on
          ? "Switched on: it shows on the home page within its schedule."
          : "Switched off: the home page no longer shows it.",
    },
    remove: (id) => deleteSlide(db, admin, id),
  });
}

const STATUS: Record<SlideStatus, { label: string; className: string }> = {
  live: { label: "Showing", className: "bg-emerald-50 text-success" },
  scheduled: { label: "Scheduled", className: "bg-sky-50 text-sky-800" },
  ended: { label: "Ended", className: "bg-paper-sunken text-ink-soft" },
  off: { label: "Off", className: "bg-amber-50 text-amber-800" },
};

function Schedule({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  if (startsAt && endsAt)
    return (
      <>
        <When value={startsAt} zone="utc" zoneLabel={false} /> – <When value={endsAt} zone="utc" />
      </>
    );
  if (startsAt)
    return (
      <>
        From <When value={startsAt} zone="utc" />
      </>
    );
  if (endsAt)
    return (
      <>
        Until <When value={endsAt} zone="utc" />
      </>
    );
  return <>Always</>;
}

export default function AdminListSlideshowBgPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slides } = loaderData;
  const showing = slides.filter((s) => s.status === "live").length;
  return (
    <div className="max-w-5xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>Slideshow</PageHeading>
          <p className="mt-1 text-ink-soft">
            Backgrounds of the home page's slideshow, in this order.{" "}
            {showing === 0
              ? "None is showing now, so the home page shows Atelier's built-in artwork."
              : `${showing} showing now.`}
          </p>
        </div>
        <Link to="/admin/detail-list-slideshowbg" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> Add a background
        </Link>
      </header>
      <ActionNotice answer={actionData} />
      {slides.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-paper-raised px-6 py-10 text-center text-ink-soft">
          No backgrounds yet. Add the first one: a wide picture, at least 1024 pixels across.
        </p>
      ) : (
        <ol
          className="divide-y divide-line rounded-2xl border border-line bg-paper-raised"
          aria-label="Slideshow backgrounds"
        >
          {slides.map((slide, i) => (
            <li key={slide.id} className="flex flex-wrap items-center gap-4 p-4">
              <span className="w-6 text-sm text-ink-faint tabular-nums">{i + 1}</span>
              <img
                src={slide.imageUrl}
                alt=""
                width={160}
                height={90}
                loading="lazy"
                className="aspect-video w-32 rounded-lg object-cover sm:w-40"
                style={{ backgroundColor: slide.color }}
              />
              <div className="min-w-48 flex-1">
                <Link
                  to={`/admin/detail-list-slideshowbg?id=${slide.id}`}
                  className="font-medium text-ink hover:text-accent hover:underline"
                >
                  {slide.title}
                </Link>
                {slide.subtitle ? <p className="text-sm text-ink-soft">{slide.subtitle}</p> : null}
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-soft">
                  <span className={cn("rounded-full px-2 py-0.5", STATUS[slide.status].className)}>
                    {STATUS[slide.status].label}
                  </span>
                  <Schedule startsAt={slide.startsAt} endsAt={slide.endsAt} />
                </p>
              </div>
              <Form method="post" className="flex items-center gap-1">
                <input type="hidden" name="id" value={slide.id} />
                <button
                  type="submit"
                  name="intent"
                  value="up"
                  disabled={i === 0}
                  className="grid size-9 place-items-center rounded-full ring-1 ring-line hover:bg-paper-sunken disabled:opacity-30"
                  aria-label={`Move up: ${slide.title}`}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="down"
                  disabled={i === slides.length - 1}
                  className="grid size-9 place-items-center rounded-full ring-1 ring-line hover:bg-paper-sunken disabled:opacity-30"
                  aria-label={`Move down: ${slide.title}`}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={slide.status === "off" ? "activate" : "deactivate"}
                  className="ml-2 text-sm text-ink-soft hover:text-ink hover:underline"
                  aria-label={`${slide.status === "off" ? "Switch on" : "Switch off"}: ${slide.title}`}
                >
                  {slide.status === "off" ? "Switch on" : "Switch off"}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  onClick={(e) =>
                    window.confirm(`Delete “${slide.title}”? Its picture is removed too.`)
                      ? undefined
                      : e.preventDefault()
                  }
                  className="ml-2 text-sm text-danger hover:underline"
                  aria-label={`Delete: ${slide.title}`}
                >
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

import {
  ArrowRight,
  Brush,
  Coins,
  Image as ImageIcon,
  Lightbulb,
  type LucideIcon,
  Palette,
  Share2,
  Sparkles,
  Type,
  Users,
} from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { DoodleToArtVisual, ImageToArtVisual, TextToArtVisual } from "~/components/home/create-visuals";
import { listLiveSlides } from "@server/content/slideshow";
import { getDb } from "@server/db/client";
import { DEFAULT_HERO_SLIDES } from "~/components/home/default-slides";
import { type HeroSlide, HeroSlideshow } from "~/components/home/hero-slideshow";
import { cn } from "~/lib/cn";
import { HOME_EXAMPLE_PROMPT } from "~/lib/example-prompts";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/home";

export const meta = () => [
  { title: "Atelier — make art with AI" },
  {
    name: "description",
    content:
      "Turn a sentence, a photo or a doodle into finished artwork with AI, share it with a kind community, and pay only for what you make with simple token packs.",
  },
  { property: "og:title", content: "Atelier — make art with AI" },
  {
    property: "og:description",
    content: "Make art from a sentence, a photo or a doodle, and share it with people who love making things.",
  },
];

type Icon = LucideIcon;

/** The slideshow backgrounds admins manage (/admin/list-slideshow-bg); the built-in artwork when none is showing. */
export async function loader() {
  const slides: HeroSlide[] = (await listLiveSlides(getDb())).map((s) => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle || undefined,
    href: s.href ?? undefined,
    imageUrl: s.imageUrl,
    background: s.color,
  }));
  return { slides };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      {params.get("deleted") === "1" ? (
        // Where deleting an account lands (/user-profile): say that it happened.
        <div role="status" className="border-b border-line bg-paper-sunken">
          <p className="mx-auto max-w-6xl px-4 py-3 text-sm text-ink sm:px-6">
            Your account is deleted, with your pictures and your private data. Thank you for making art with us.
          </p>
        </div>
      ) : null}
      <Hero slides={loaderData.slides.length > 0 ? loaderData.slides : DEFAULT_HERO_SLIDES} />
      <WhatAtelierDoes />
      <WaysToCreate />
      <HowItWorks />
      <FinalCallToAction />
    </>
  );
}

function Hero({ slides }: { slides: HeroSlide[] }) {
  return (
    <HeroSlideshow slides={slides} label="Artwork made with Atelier">
      <div className="relative z-10 mx-auto flex min-h-[30rem] max-w-6xl flex-col justify-center px-4 pt-16 pb-10 sm:min-h-[34rem] sm:px-6 sm:pt-24 lg:min-h-[38rem]">
        <p className="inline-flex w-fit items-center gap-2 rounded-full bg-paper/12 px-3 py-1 text-xs font-medium tracking-wide text-paper/90 ring-1 ring-paper/20 backdrop-blur-sm">
          <Sparkles aria-hidden className="size-3.5 text-amber-300" />
          An AI art studio for everyone
        </p>
        <h1 className="mt-5 max-w-3xl font-display text-4xl leading-[1.05] font-semibold tracking-tight text-balance text-paper sm:text-6xl lg:text-7xl">
          Make art from a sentence, a photo or a doodle
        </h1>
        <p className="mt-5 max-w-xl text-lg text-pretty text-paper/85 sm:text-xl">
          Describe what you see in your head, or start from a picture or a quick sketch. Atelier paints it in seconds,
          and the community is there to cheer it on.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link
            to="/ai/ai-text-to-art"
            className={buttonClass({ variant: "inverse", size: "lg", className: "shadow-lg shadow-ink/30" })}
          >
            <Sparkles aria-hidden className="size-4 text-accent" />
            Start creating
          </Link>
          <Link
            to="/community/main"
            className={buttonClass({ variant: "inverse-outline", size: "lg", className: "backdrop-blur-sm" })}
          >
            Explore the community
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </div>
    </HeroSlideshow>
  );
}

function SectionIntro({
  eyebrow,
  title,
  children,
  id,
  className,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  id: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="text-sm font-semibold tracking-wide text-accent">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="mt-4 text-lg text-pretty text-ink-soft">{children}</div> : null}
    </div>
  );
}

const PILLARS: { icon: Icon; title: string; body: string; tint: string }[] = [
  {
    icon: Palette,
    title: "Make",
    body: "Describe it, upload it or sketch it. Atelier paints it in the style you choose, from soft gouache to bright neon.",
    tint: "bg-amber-100 text-amber-800",
  },
  {
    icon: Share2,
    title: "Share",
    body: "Post your favourites to the community and find fresh ideas in what other people are making.",
    tint: "bg-rose-100 text-rose-800",
  },
  {
    icon: Coins,
    title: "Collect tokens",
    body: "Each creation costs a few tokens. Top up with a pack when you need one, and if a generation fails the tokens come back.",
    tint: "bg-accent-soft text-accent-strong",
  },
];

function WhatAtelierDoes() {
  return (
    <section aria-labelledby="what-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-center lg:gap-16">
        <SectionIntro id="what-heading" eyebrow="What Atelier does" title="A small studio with a very big paint box">
          <p>
            Atelier is where ideas become pictures. Make something new, show it to people who love making things too,
            and keep creating with tokens you buy only when you need them.
          </p>
        </SectionIntro>
        <ul className="divide-y divide-line rounded-3xl border border-line bg-paper-raised shadow-sm shadow-ink/[0.03]">
          {PILLARS.map(({ icon: PillarIcon, title, body, tint }) => (
            <li key={title} className="flex gap-5 p-6 sm:p-7">
              <span className={cn("grid size-12 shrink-0 place-items-center rounded-2xl", tint)}>
                <PillarIcon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-display text-xl font-semibold text-ink">{title}</h3>
                <p className="mt-1.5 leading-relaxed text-ink-soft">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const WAYS: { to: string; icon: Icon; title: string; body: string; cta: string; visual: ComponentType }[] = [
  {
    to: "/ai/ai-text-to-art",
    icon: Type,
    title: "Text to art",
    body: `Write a sentence, anything from “${HOME_EXAMPLE_PROMPT}” to a half-remembered dream, and watch it become a painting.`,
    cta: "Try text to art",
    visual: TextToArtVisual,
  },
  {
    to: "/ai/ai-image-to-art",
    icon: ImageIcon,
    title: "Image to art",
    body: "Start from a photo you already love and see it reimagined as watercolour, ink, oil or something stranger.",
    cta: "Try image to art",
    visual: ImageToArtVisual,
  },
  {
    to: "/ai/ai-doodle-to-art",
    icon: Brush,
    title: "Doodle to art",
    body: "Scribble a few lines, no drawing skills needed, and Atelier keeps your composition while it adds the colour and light.",
    cta: "Try doodle to art",
    visual: DoodleToArtVisual,
  },
];

function WaysToCreate() {
  return (
    <section aria-labelledby="ways-heading" className="border-y border-line bg-paper-sunken/60">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
        <SectionIntro
          id="ways-heading"
          eyebrow="Three ways to create"
          title="Start from whatever you have"
          className="max-w-2xl"
        >
          <p>A few words, a favourite photo or a rough sketch: each one is a perfectly good place to begin.</p>
        </SectionIntro>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {WAYS.map(({ to, icon: WayIcon, title, body, cta, visual: Visual }) => (
            <li
              key={to}
              className="group relative flex flex-col overflow-hidden rounded-3xl border border-line bg-paper-raised shadow-sm shadow-ink/[0.04] transition duration-300 focus-within:ring-2 focus-within:ring-accent hover:-translate-y-1 hover:shadow-xl hover:shadow-ink/10"
            >
              <div className="aspect-[16/10] overflow-hidden border-b border-line">
                <div className="h-full w-full transition duration-500 group-hover:scale-[1.03]">
                  <Visual />
                </div>
              </div>
              <div className="flex flex-1 flex-col p-6">
                <div className="flex items-center gap-3">
                  <span className="grid size-9 place-items-center rounded-lg bg-ink text-paper">
                    <WayIcon aria-hidden className="size-4.5" />
                  </span>
                  <h3 className="font-display text-xl font-semibold text-ink">
                    <Link to={to} className="outline-none after:absolute after:inset-0 after:content-['']">
                      {title}
                    </Link>
                  </h3>
                </div>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-ink-soft">{body}</p>
                <p aria-hidden className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
                  {cta}
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const STEPS: { icon: Icon; title: string; body: string }[] = [
  {
    icon: Lightbulb,
    title: "Bring an idea",
    body: "Type a sentence, upload a photo or draw a quick doodle. Rough is fine.",
  },
  {
    icon: Sparkles,
    title: "Pick a style and create",
    body: "Choose a look, spend a few tokens, and your artwork appears in moments.",
  },
  {
    icon: Users,
    title: "Keep it or share it",
    body: "Save the ones you love and post your favourites for the community to enjoy.",
  },
];

function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionIntro
        id="how-heading"
        eyebrow="How it works"
        title="Three steps from idea to artwork"
        className="max-w-2xl"
      />
      <ol className="relative mt-12 grid gap-8 md:grid-cols-3 md:gap-6">
        <span
          aria-hidden
          className="absolute top-6 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-amber-300 via-rose-300 to-accent/60 md:block"
        />
        {STEPS.map(({ icon: StepIcon, title, body }, i) => (
          <li key={title} className="relative flex gap-4 md:flex-col md:items-center md:text-center">
            <span className="relative grid size-12 shrink-0 place-items-center rounded-full bg-paper-raised text-ink shadow-sm ring-1 ring-line">
              <StepIcon aria-hidden className="size-5 text-accent" />
              <span className="absolute -top-1 -right-1 grid size-5 place-items-center rounded-full bg-ink text-[11px] font-semibold text-paper">
                {i + 1}
              </span>
            </span>
            <div>
              <h3 className="font-display text-lg font-semibold text-ink md:mt-4">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-ink-soft">{body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="relative isolate overflow-hidden rounded-[2rem] bg-ink px-6 py-14 text-center sm:px-12 sm:py-20">
        <div aria-hidden className="absolute -top-24 -left-16 -z-10 size-72 rounded-full bg-amber-500/30 blur-3xl" />
        <div aria-hidden className="absolute -right-10 -bottom-28 -z-10 size-80 rounded-full bg-accent/50 blur-3xl" />
        <div
          aria-hidden
          className="absolute top-1/3 left-1/2 -z-10 size-64 -translate-x-1/2 rounded-full bg-pink-600/20 blur-3xl"
        />
        <h2
          id="cta-heading"
          className="mx-auto max-w-2xl font-display text-3xl font-semibold tracking-tight text-balance text-paper sm:text-5xl"
        >
          Your next picture is one sentence away
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-paper/75">
          Creating an account is free. Pick up a token pack whenever you want to make more.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/sign-up" className={buttonClass({ variant: "inverse", size: "lg" })}>
            Create your account
            <ArrowRight aria-hidden className="size-4" />
          </Link>
          <Link to="/pricing-plans" className={buttonClass({ variant: "inverse-outline", size: "lg" })}>
            <Coins aria-hidden className="size-4" />
            See pricing
          </Link>
        </div>
      </div>
    </section>
  );
}

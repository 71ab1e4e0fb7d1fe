import {
  ArrowRight,
  ChevronDown,
  Coins,
  Cpu,
  Eye,
  HandHeart,
  HeartHandshake,
  type LucideIcon,
  MessagesSquare,
  Paintbrush,
  Scale,
  Sparkles,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DoodleToArtVisual, ImageToArtVisual, TextToArtVisual } from "~/components/home/create-visuals";
import { cn } from "~/lib/cn";
import { buttonClass } from "~/components/ui/button";

export const meta = () => [
  { title: "About us — Atelier" },
  {
    name: "description",
    content:
      "Why Atelier exists: AI art-making for everyone, an honest procedural Studio engine that works offline, a kind community, and fair token pricing with refunds when a generation fails.",
  },
];

export default function AboutUs() {
  return (
    <>
      <Intro />
      <Mission />
      <Differences />
      <Values />
      <Questions />
      <Contact />
    </>
  );
}

function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="text-sm font-semibold tracking-wide text-accent">{children}</p>;
}

/** A section's heading with its eyebrow above it; `id` names the section for screen readers. */
function SectionTitle({ eyebrow, id, children }: { eyebrow: string; id: string; children: ReactNode }) {
  return (
    <>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={id} className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl">
        {children}
      </h2>
    </>
  );
}

function Intro() {
  return (
    <section aria-labelledby="about-heading" className="relative isolate overflow-hidden">
      <div aria-hidden className="absolute -top-32 right-0 -z-10 size-[28rem] rounded-full bg-accent-soft blur-3xl" />
      <div aria-hidden className="absolute top-40 -left-24 -z-10 size-80 rounded-full bg-amber-100/70 blur-3xl" />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pb-28">
        <div>
          <Eyebrow>About Atelier</Eyebrow>
          <h1
            id="about-heading"
            className="mt-3 font-display text-4xl leading-[1.08] font-semibold tracking-tight text-balance text-ink sm:text-6xl"
          >
            A studio for everyone with a picture in their head
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-ink-soft">
            Most people have images they would love to make and no easy way to make them. Atelier is our answer: a warm,
            simple place to turn a sentence, a photo or a doodle into artwork, and to share it with people who enjoy
            making things too.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/ai/ai-text-to-art" className={buttonClass({ variant: "primary" })}>
              <Sparkles aria-hidden className="size-4" />
              Start creating
            </Link>
            <a href="#questions" className={buttonClass({ variant: "secondary" })}>
              Questions people ask
            </a>
          </div>
        </div>
        <Collage />
      </div>
    </section>
  );
}

/** Three small artworks pinned to the wall, slightly askew. Decorative only. */
function Collage() {
  const frame = "absolute overflow-hidden rounded-2xl bg-paper-raised p-2 shadow-xl shadow-ink/15 ring-1 ring-line";
  return (
    <div aria-hidden className="relative mx-auto aspect-[5/4] w-full max-w-lg">
      <div className={cn(frame, "top-0 left-0 w-[62%] -rotate-3")}>
        <div className="aspect-[16/10] overflow-hidden rounded-xl">
          <TextToArtVisual />
        </div>
      </div>
      <div className={cn(frame, "top-[22%] right-0 w-[58%] rotate-2")}>
        <div className="aspect-[16/10] overflow-hidden rounded-xl">
          <ImageToArtVisual />
        </div>
      </div>
      <div className={cn(frame, "bottom-0 left-[12%] w-[56%] rotate-1")}>
        <div className="aspect-[16/10] overflow-hidden rounded-xl">
          <DoodleToArtVisual />
        </div>
      </div>
      <span className="absolute top-[6%] right-[8%] size-3 rounded-full bg-amber-400" />
      <span className="absolute bottom-[18%] right-[4%] size-2 rounded-full bg-accent" />
    </div>
  );
}

function Mission() {
  return (
    <section aria-labelledby="mission-heading" className="border-y border-line bg-paper-sunken/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <div>
          <SectionTitle eyebrow="Our mission" id="mission-heading">
            Make making art feel possible for anyone
          </SectionTitle>
        </div>
        <div className="space-y-5 text-lg text-pretty text-ink-soft">
          <p className="font-display text-2xl leading-snug text-ink sm:text-3xl">
            “You should not need years of practice, or a powerful computer, to see the picture in your head.”
          </p>
          <p>
            AI can be a wonderful brush, but it is often wrapped in jargon, confusing prices and communities that reward
            only the flashiest results. We are building the opposite: tools that start from your idea, prices you can
            understand, and a place where a first attempt is welcome.
          </p>
          <p>
            Atelier is for the curious beginner and the seasoned illustrator alike, and for every doodler in between.
          </p>
        </div>
      </div>
    </section>
  );
}

const DIFFERENCES: { icon: LucideIcon; title: string; body: ReactNode; tint: string }[] = [
  {
    icon: Cpu,
    title: "A Studio engine that is honest about what it is",
    body: (
      <>
        Alongside AI models, Atelier has its own <strong className="font-semibold text-ink">Studio engine</strong>. It
        runs on our own servers and needs no outside service, so it keeps working even when the network does not. It is
        procedural: it builds pictures from shapes, palettes and textures by rule rather than with a trained model, and
        we label every piece it makes, so you always know which engine painted what.
      </>
    ),
    tint: "bg-accent-soft text-accent-strong",
  },
  {
    icon: HeartHandshake,
    title: "A community that is kind on purpose",
    body: "Clear house rules and real people looking after the space mean you can share a first try without bracing yourself. Feedback here is generous, and the spotlight is not only for the flashiest work.",
    tint: "bg-rose-100 text-rose-800",
  },
  {
    icon: Coins,
    title: "Fair token pricing",
    body: (
      <>
        You see what a creation costs before you make it, and packs are priced plainly. If a generation fails, its
        tokens are <strong className="font-semibold text-ink">refunded automatically</strong>. You never pay for
        something you did not get.
      </>
    ),
    tint: "bg-amber-100 text-amber-800",
  },
];

function Differences() {
  return (
    <section aria-labelledby="different-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <div className="max-w-2xl">
        <SectionTitle eyebrow="What makes Atelier different" id="different-heading">
          Three promises we build around
        </SectionTitle>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {DIFFERENCES.map(({ icon: ItemIcon, title, body, tint }) => (
          <li
            key={title}
            className="flex flex-col rounded-3xl border border-line bg-paper-raised p-6 shadow-sm shadow-ink/[0.03] sm:p-7"
          >
            <span className={cn("grid size-12 place-items-center rounded-2xl", tint)}>
              <ItemIcon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-6 font-display text-xl font-semibold text-balance text-ink">{title}</h3>
            <p className="mt-3 text-sm leading-relaxed text-ink-soft">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const VALUES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Eye,
    title: "Honest over impressive",
    body: "We say what made a picture, what it cost and what a tool cannot do, even when a vaguer answer would sound better.",
  },
  {
    icon: Paintbrush,
    title: "Your idea comes first",
    body: "Every tool starts from something of yours: your words, your photo, your lines. The software is the brush, not the artist.",
  },
  {
    icon: HandHeart,
    title: "Kindness is a feature",
    body: "How a community feels is designed, not accidental. We build for encouragement and step in when it is missing.",
  },
  {
    icon: Scale,
    title: "Fair by default",
    body: "Plain prices, no tricks, and refunds that happen without you having to ask for them.",
  },
];

function Values() {
  return (
    <section aria-labelledby="values-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="rounded-[2rem] bg-ink px-6 py-14 text-paper sm:px-12 sm:py-16">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-amber-300">Our values</p>
          <h2
            id="values-heading"
            className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            What we hold on to while we build
          </h2>
        </div>
        <ul className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2">
          {VALUES.map(({ icon: ValueIcon, title, body }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-paper/10 text-amber-200 ring-1 ring-paper/15">
                <ValueIcon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-display text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-paper/70">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: "Do I need to know how to draw?",
    answer:
      "Not at all. Text to art needs only a sentence, image to art starts from a photo you already have, and doodle to art is happy with the wobbliest lines. Atelier keeps your idea and adds the craft.",
  },
  {
    question: "What is the Studio engine, and is it really AI?",
    answer:
      "The Studio engine is Atelier's own image maker. It is procedural rather than a trained AI model: it composes pictures from shapes, colour palettes and textures by rule. That is why it can run without any outside service. Every piece it makes is labelled “Studio engine”, so nobody mistakes it for something it is not.",
  },
  {
    question: "What happens to my tokens if a generation fails?",
    answer:
      "They come back. If a creation fails for any reason on our side, the tokens it used are refunded to your balance automatically; there is nothing to claim and nobody to email.",
  },
  {
    question: "How much does a creation cost?",
    answer: (
      <>
        Each way of creating shows its token cost before you start, so there are no surprises. Token packs and their
        prices are on the{" "}
        <Link
          to="/pricing-plans"
          className="font-medium text-accent underline underline-offset-4 hover:text-accent-strong"
        >
          pricing page
        </Link>
        .
      </>
    ),
  },
  {
    question: "Can I use Atelier on my phone?",
    answer:
      "Yes. Atelier works in any modern browser on a phone, tablet or computer, and doodling with a finger works just as well as with a mouse.",
  },
];

function Questions() {
  return (
    <section
      id="questions"
      aria-labelledby="questions-heading"
      className="mx-auto max-w-6xl scroll-mt-24 px-4 py-20 sm:px-6 sm:py-28"
    >
      <div className="grid gap-10 lg:grid-cols-[minmax(0,4fr)_minmax(0,8fr)] lg:gap-16">
        <div>
          <SectionTitle eyebrow="FAQ" id="questions-heading">
            Questions people ask
          </SectionTitle>
          <p className="mt-4 text-ink-soft">
            The short answers to what people most often want to know before they start.
          </p>
        </div>
        <div className="divide-y divide-line border-y border-line">
          {QUESTIONS.map(({ question, answer }) => (
            <details key={question} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-5 font-display text-lg font-semibold text-ink transition-colors hover:text-accent-strong [&::-webkit-details-marker]:hidden">
                {question}
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-paper-sunken text-ink-soft transition group-open:rotate-180 group-open:bg-accent-soft group-open:text-accent-strong">
                  <ChevronDown aria-hidden className="size-4" />
                </span>
              </summary>
              <div className="max-w-2xl pb-6 text-ink-soft">
                <p className="leading-relaxed">{answer}</p>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

function Contact() {
  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="relative isolate grid gap-8 overflow-hidden rounded-[2rem] border border-line bg-paper-raised px-6 py-12 sm:px-12 sm:py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
        <div
          aria-hidden
          className="absolute -right-20 -bottom-24 -z-10 size-80 rounded-full bg-gradient-to-br from-amber-200/70 via-rose-200/60 to-accent-soft blur-2xl"
        />
        <div>
          <h2
            id="contact-heading"
            className="font-display text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl"
          >
            Come and make something with us
          </h2>
          <p className="mt-4 max-w-xl text-lg text-pretty text-ink-soft">
            Have a question we did not answer, an idea, or something you think we should fix? Say hello in the
            community, or just come and see what people are making today.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col lg:items-stretch">
          <Link to="/sign-up" className={buttonClass({ variant: "primary", size: "lg" })}>
            Create your account
            <ArrowRight aria-hidden className="size-4" />
          </Link>
          <Link to="/community/main" className={buttonClass({ variant: "secondary", size: "lg" })}>
            <MessagesSquare aria-hidden className="size-4" />
            Visit the community
          </Link>
        </div>
      </div>
    </section>
  );
}

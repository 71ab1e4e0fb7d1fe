/**
 * A living community for a new visitor of a fresh install (issue 30): a few creators with pictures
 * Studio paints at first start (on its worker threads, as any generation), who follow one another,
 * comment, keep a public collection, and have entered a challenge that is open now. Written once: a
 * database that has the first demo creator is left alone. Only `npm start` and `npm run dev` ask
 * for it (SEED_DEMO_COMMUNITY), so tests and benchmarks start from an empty community.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { publishInput } from "../app/lib/community";
import { createChallenge, enterChallenge } from "./community/challenges";
import { addToCollection, createCollection } from "./community/collections";
import { addComment } from "./community/comments";
import { followCreator } from "./community/follows";
import { publishArtwork } from "./community/publishing";
import type { Database } from "./db/client";
import { generations, user } from "./db/schema";
import { sharedStudioEngine } from "./generation/engines/kinds";
import { screenAndPrepare, storeResults } from "./generation/render-job";
import type { Logger } from "./logger";

const CREATORS = [
  {
    key: "mira",
    name: "Mira Okafor",
    bio: "Harbours, lighthouses and the sea at every hour. Watercolour first.",
    works: [
      {
        prompt: "a lighthouse on a cliff at dusk with waves",
        style: "watercolor",
        title: "Last light at the point",
        tags: ["lighthouse", "sea"],
      },
      {
        prompt: "fishing boats in a small harbour at sunrise",
        style: "watercolor",
        title: "Harbour, early",
        tags: ["harbour", "boats"],
      },
    ],
  },
  {
    key: "jonas-paints",
    name: "Jonas Weber",
    bio: "Forests and foxes. I paint what I see on my morning walks.",
    works: [
      {
        prompt: "a red fox in a snowy forest",
        style: "oil-painting",
        title: "Fox in the first snow",
        tags: ["fox", "winter"],
      },
      {
        prompt: "a country road through an autumn forest",
        style: "natural",
        title: "The road home",
        tags: ["autumn", "forest"],
      },
    ],
  },
  {
    key: "sana",
    name: "Sana Ito",
    bio: "Quiet gardens, koi and paper lanterns.",
    works: [
      { prompt: "koi fish in a pond with lily pads", style: "ukiyo-e", title: "Koi pond", tags: ["koi", "garden"] },
      {
        prompt: "paper lanterns over a street at night",
        style: "pastel",
        title: "Lantern street",
        tags: ["lanterns", "night"],
      },
    ],
  },
] as const;

const EMAIL = (key: string) => `${key}@demo.atelier.local`;
const DAY = 24 * 3600 * 1000;

/** Paints one picture with Studio and publishes it for `userId`; the artwork's id. */
async function paintAndPublish(
  db: Database,
  userId: string,
  work: { prompt: string; style: string; title: string; tags: readonly string[] },
  seed: number,
): Promise<string> {
  const [row] = await db
    .insert(generations)
    .values({
      userId,
      mode: "text",
      status: "running",
      engineId: "studio",
      engineLabel: "Studio — offline engine",
      prompt: work.prompt,
      style: work.style,
      aspectRatio: "1:1",
      size: 512,
      width: 512,
      height: 512,
      count: 1,
      seed,
      strength: 0.75,
      cost: 0,
    })
    .returning();
  const result = await sharedStudioEngine().generate(
    {
      mode: "text",
      prompt: work.prompt,
      negativePrompt: "",
      style: work.style,
      width: 512,
      height: 512,
      aspectRatio: "1:1",
      seed,
      count: 1,
      strength: 0.75,
      christmas: false,
    },
    { onProgress: () => {}, signal: new AbortController().signal },
  );
  const { ratings, prepared } = await screenAndPrepare(db, result.images, false);
  await storeResults(db, row!, prepared, result.reading, ratings);
  const artwork = await publishArtwork(
    db,
    userId,
    publishInput.parse({ generationId: row!.id, title: work.title, tags: [...work.tags], description: "" }),
  );
  return artwork.id;
}

export async function seedDemoCommunity(db: Database, log?: Logger): Promise<void> {
  const [already] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, EMAIL(CREATORS[0].key)));
  if (already) return;
  const started = Date.now();
  const ids: Record<string, string> = {};
  const works: Record<string, string[]> = {};
  for (const creator of CREATORS) {
    const id = randomUUID();
    // No password and no sign-in method: these accounts only show what a community looks like.
    await db.insert(user).values({
      id,
      name: creator.name,
      email: EMAIL(creator.key),
      emailVerified: true,
      handle: creator.key,
      bio: creator.bio,
      createdAt: new Date(started - 60 * DAY),
    });
    ids[creator.key] = id;
    works[creator.key] = [];
    for (const [i, work] of creator.works.entries())
      works[creator.key]!.push(await paintAndPublish(db, id, work, 7 + i));
  }
  const [mira, jonas, sana] = [ids.mira!, ids["jonas-paints"]!, ids.sana!];
  const [demoUser] = await db.select({ id: user.id }).from(user).where(eq(user.email, "demo@atelier.local"));

  for (const [from, to] of [
    [mira, jonas],
    [jonas, mira],
    [sana, mira],
    [jonas, sana],
  ] as const)
    await followCreator(db, from, to);
  if (demoUser) {
    await followCreator(db, demoUser.id, mira);
    await followCreator(db, demoUser.id, sana);
  }

  const first = await addComment(db, jonas, works.mira![0]!, { body: "The light on the water is just right." });
  await addComment(db, mira, works.mira![0]!, { body: "Thank you! It took three tries.", parentId: first.id });
  await addComment(db, sana, works["jonas-paints"]![0]!, { body: "@jonas-paints that fox looks cold. Lovely." });
  await addComment(db, mira, works.sana![1]!, { body: "I want to walk down this street." });

  const favourites = await createCollection(db, mira, { name: "Quiet places", visibility: "public" });
  for (const artworkId of [works.sana![0]!, works["jonas-paints"]![1]!, works.mira![1]!])
    await addToCollection(db, mira, favourites.id, { artworkId });

  log?.info({ creators: CREATORS.length, ms: Date.now() - started }, "seeded the demo community");
  // The challenge is the site's, made by its admin (audited as theirs), when there is one.
  const [admin] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.email, "admin@atelier.local"));
  if (!admin) return;
  const challenge = await createChallenge(
    db,
    { userUid: admin.id, email: admin.email },
    {
      title: "Lights in the dark",
      theme: "Lanterns, lighthouses, windows: a light at night",
      rules: "One work each. Any style. Vote for your three favourites once entries close.",
      startsAt: new Date(started - DAY),
      entriesCloseAt: new Date(started + 6 * DAY),
      votingClosesAt: new Date(started + 9 * DAY),
      entriesPerPerson: 1,
      votesPerPerson: 3,
      prizeFirst: 100,
      prizeSecond: 50,
      prizeThird: 25,
      christmas: false,
    },
  );
  await enterChallenge(db, mira, challenge.id, works.mira![0]!);
  await enterChallenge(db, sana, challenge.id, works.sana![1]!);
  log?.info({ creators: CREATORS.length, ms: Date.now() - started }, "seeded the demo community with a challenge");
}

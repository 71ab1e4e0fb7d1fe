/**
 * The demo community a fresh `npm start` shows (issue 30): creators whose pictures Studio really
 * paints, follows, comments, a public collection and an open challenge — written once.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { listChallenges } from "../../server/community/challenges";
import { listPublicCollections } from "../../server/community/collections";
import { listFollowingFeed } from "../../server/community/follows";
import { artworks, comments, follows, user } from "../../server/db/schema";
import { closeSharedStudioEngine } from "../../server/generation/engines/kinds";
import { seedDemoAccounts } from "../../server/seed";
import { seedDemoCommunity } from "../../server/seed-community";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
afterAll(() => closeSharedStudioEngine());

describe("the demo community", () => {
  it("paints and publishes a few creators' works, with follows, comments, a collection and a challenge, once", async () => {
    await seedDemoAccounts(t.db);
    await seedDemoCommunity(t.db);
    const works = await t.db.select().from(artworks);
    expect(works).toHaveLength(6);
    // Real pictures, stored: a PNG behind every artwork.
    const png = await getStorage().get(works[0]!.key);
    expect(png?.bytes.subarray(1, 4).toString()).toBe("PNG");
    const [mira] = await t.db.select().from(user).where(eq(user.handle, "mira"));
    expect(mira?.bio).toContain("Harbours");
    expect((await t.db.select({ n: count() }).from(follows))[0]!.n).toBe(6);
    expect((await t.db.select({ n: count() }).from(comments))[0]!.n).toBe(4);
    const [collection] = await listPublicCollections(t.db, mira!.id);
    expect(collection).toMatchObject({ name: "Quiet places", items: 3 });
    const [challenge] = await listChallenges(t.db);
    expect(challenge).toMatchObject({ title: "Lights in the dark", phase: "entries", entries: 2 });
    // The demo user follows two of them: their Following feed has their works.
    const [demo] = await t.db.select().from(user).where(eq(user.email, "demo@atelier.local"));
    expect((await listFollowingFeed(t.db, demo!.id, {})).items).toHaveLength(4);
    await seedDemoCommunity(t.db);
    expect(await t.db.select({ id: artworks.id }).from(artworks)).toHaveLength(6);
    // Six paintings on a loaded 2-core machine: about ten seconds, well inside this.
  }, 60_000);
});

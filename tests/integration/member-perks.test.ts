/**
 * A membership's perks where they act (issue 41, item 5), with a plan and a membership written
 * straight into their tables: pictures at once, the largest size (Studio paints 1536), the queue
 * priority of the person's jobs (pg-boss's own job row) and their place in line, and the badge in
 * lists. Perks apply while the membership is active or past due, and end with it.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GenerationInput } from "../../app/lib/generation";
import { addComment, listComments } from "../../server/community/comments";
import { assignHandle, getCreatorProfile, requireCreator } from "../../server/community/creators";
import { setDatabase } from "../../server/db/client";
import { artworks, memberships, plans, user } from "../../server/db/schema";
import { routeEngines } from "../../server/generation/engines/registry";
import { createGeneration, getGenerationView } from "../../server/generation/generations";
import { applyTokenMovement } from "../../server/generation/ledger";
import { loadMemberBadges, loadMemberPerks } from "../../server/generation/member-perks";
import { loadStudioPage } from "../../server/generation/page-data";
import { enqueueRenderJob, renderGenerationJob, runGeneration } from "../../server/generation/render-job";
import { saveTokenSettings } from "../../server/generation/token-settings";
import { activeEditsLimit, MAX_ACTIVE_EDITS } from "../../server/image-tools/edits";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { setUpTestDatabase } from "../support/database";
import { generationInputOf } from "../support/generation-input";
import { publishedArtworkRow } from "../support/rows";

const t = setUpTestDatabase();
beforeAll(() => setDatabase(t.handle));
afterAll(() => setDatabase(undefined));
beforeEach(() => routeEngines({ text: "blank", image: "blank", doodle: "blank" }));
afterEach(() => routeEngines(null));

const input = (change: Partial<GenerationInput> = {}): GenerationInput =>
  generationInputOf({ mode: "text", prompt: "a lighthouse on a cliff at dusk", ...change });
const noQueue = async () => {};

async function person(name: string, tokens = 500): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  await assignHandle(t.db, { id, name, email: `${id}@example.test` });
  await applyTokenMovement(t.db, { userId: id, amount: tokens, reason: "admin_adjustment", idempotencyKey: id });
  return id;
}

/** The Pro plan: 5 at once, priority 10, 1536 pixels, a badge. */
async function proPlan(): Promise<string> {
  const [row] = await t.db
    .insert(plans)
    .values({
      name: "Pro",
      monthlyPriceMinor: 1500,
      yearlyPriceMinor: 15_000,
      tokensPerMonth: 1000,
      maxConcurrentJobs: 5,
      queuePriority: 10,
      maxSize: 1536,
      badge: "Pro",
    })
    .returning({ id: plans.id });
  return row!.id;
}

async function member(name: string, planId: string, status: "active" | "past_due" | "ended" = "active") {
  const id = await person(name);
  await t.db.insert(memberships).values({ userId: id, planId, interval: "month", status, provider: "sandbox" });
  return id;
}

const setStatus = (userId: string, status: "active" | "past_due" | "ended") =>
  t.db.update(memberships).set({ status }).where(eq(memberships.userId, userId));

async function refusal(run: Promise<unknown>) {
  return run.then(
    () => null,
    (error: { code: string; message: string; fields?: Record<string, string[]> }) => error,
  );
}

describe("a member's perks", () => {
  it("jobs at once: the plan's for a member (the next refused), the default for others; kept while past due, lost when ended", async () => {
    await saveTokenSettings(t.db, { maxConcurrentJobs: 2 });
    const pro = await proPlan();
    const ada = await member("Ada", pro);
    const bo = await person("Bo");
    expect(await loadMemberPerks(t.db, ada)).toEqual({
      planName: "Pro",
      badge: "Pro",
      maxConcurrentJobs: 5,
      queuePriority: 10,
      maxSize: 1536,
    });
    expect(await loadMemberPerks(t.db, bo)).toEqual({
      planName: null,
      badge: null,
      maxConcurrentJobs: 2,
      queuePriority: 0,
      maxSize: 1024,
    });
    for (let i = 0; i < 5; i++)
      await createGeneration(t.db, { userId: ada, input: input({ seed: i }), enqueue: noQueue });
    expect(await refusal(createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue }))).toMatchObject({
      code: "too_many_jobs",
      message: expect.stringContaining("You already have 5 pictures in progress"),
    });
    for (let i = 0; i < 2; i++)
      await createGeneration(t.db, { userId: bo, input: input({ seed: i }), enqueue: noQueue });
    expect(await refusal(createGeneration(t.db, { userId: bo, input: input(), enqueue: noQueue }))).toMatchObject({
      code: "too_many_jobs",
      message: expect.stringContaining("You already have 2 pictures in progress"),
    });
    // The Studio shows the person's own numbers; the image tools' limit follows the plan's.
    expect(await loadStudioPage(ada, "text", false)).toMatchObject({ maxConcurrentJobs: 5, maxSize: 1536 });
    expect(await loadStudioPage(bo, "text", false)).toMatchObject({ maxConcurrentJobs: 2, maxSize: 1024 });
    expect(activeEditsLimit(await loadMemberPerks(t.db, ada))).toBe(5);
    expect(activeEditsLimit(await loadMemberPerks(t.db, bo))).toBe(MAX_ACTIVE_EDITS);

    await setStatus(ada, "past_due");
    expect(await loadMemberPerks(t.db, ada)).toMatchObject({ planName: "Pro", maxConcurrentJobs: 5, maxSize: 1536 });
    await setStatus(ada, "ended");
    expect(await loadMemberPerks(t.db, ada)).toMatchObject({ planName: null, badge: null, maxConcurrentJobs: 2 });
    expect(await refusal(createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue }))).toMatchObject({
      code: "too_many_jobs",
    });
  });

  it("1536 is refused beside the size for everyone else, and painted by Studio for a Pro member", async () => {
    routeEngines({ text: "studio" });
    const pro = await proPlan();
    const ada = await member("Ada", pro);
    const bo = await person("Bo");
    const refused = await refusal(
      createGeneration(t.db, { userId: bo, input: input({ size: 1536 }), enqueue: noQueue }),
    );
    expect(refused).toMatchObject({
      code: "invalid_input",
      fields: { size: ["Pictures of 1536 × 1536 come with a membership that includes them"] },
    });
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input({ size: 1536, aspectRatio: "16:9" }),
      enqueue: noQueue,
    });
    expect(generation).toMatchObject({ size: 1536, width: 1536, height: 864, cost: 7 });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    const done = (await getGenerationView(t.db, ada, generation.id))!;
    expect(done.status).toBe("succeeded");
    expect(done.images.map((i) => [i.width, i.height])).toEqual([[1536, 864]]);
    // A lapsed membership takes the size away again.
    await setStatus(ada, "ended");
    expect(
      await refusal(createGeneration(t.db, { userId: ada, input: input({ size: 1536 }), enqueue: noQueue })),
    ).toMatchObject({ code: "invalid_input", fields: { size: [expect.stringContaining("1536 × 1536")] } });
  });

  it("queues a member's jobs at their plan's priority, and counts their place in line from it", async () => {
    await startJobQueue(t.target, t.handle, { definitions: [renderGenerationJob as never], work: false });
    try {
      const pro = await proPlan();
      const ada = await member("Ada", pro);
      const bo = await person("Bo");
      const enqueue = (id: string, priority: number) => enqueueRenderJob(id, 0, priority);
      const first = (await createGeneration(t.db, { userId: bo, input: input(), enqueue })).generation;
      const second = (await createGeneration(t.db, { userId: bo, input: input({ seed: 2 }), enqueue })).generation;
      const members = (await createGeneration(t.db, { userId: ada, input: input(), enqueue })).generation;
      // A job queued again without a priority (recovery, a retry after Retry-After) reads it from the membership.
      await enqueueRenderJob(members.id, 1);
      const jobs = (await t.db.execute(
        sql`select data->>'generationId' as generation, priority from pgboss.job where name = ${renderGenerationJob.name}`,
      )) as unknown as { rows: { generation: string; priority: number }[] };
      const priorities = jobs.rows.map((r) => [r.generation, Number(r.priority)]);
      expect(priorities).toEqual(
        expect.arrayContaining([
          [first.id, 0],
          [second.id, 0],
          [members.id, 10],
        ]),
      );
      expect(priorities.filter(([id]) => id === members.id)).toEqual([
        [members.id, 10],
        [members.id, 10],
      ]);
      // The member's job is next although it came last; the others wait behind it.
      expect((await getGenerationView(t.db, ada, members.id))!.queuePosition).toBe(0);
      expect((await getGenerationView(t.db, bo, first.id))!.queuePosition).toBe(1);
      expect((await getGenerationView(t.db, bo, second.id))!.queuePosition).toBe(2);
    } finally {
      await stopJobQueue();
    }
  });

  it("shows a live member's badge on their creator page and beside their comments, read for a whole list at once", async () => {
    const pro = await proPlan();
    const ada = await member("Ada", pro);
    const cy = await member("Cy", pro, "past_due");
    const di = await member("Di", pro, "ended");
    const bo = await person("Bo");
    expect(await loadMemberBadges(t.db, [ada, bo, cy, di, ada])).toEqual(
      new Map([
        [ada, "Pro"],
        [cy, "Pro"],
      ]),
    );
    expect(await loadMemberBadges(t.db, [])).toEqual(new Map());
    const [adaRow] = await t.db.select({ handle: user.handle }).from(user).where(eq(user.id, ada));
    expect((await getCreatorProfile(t.db, await requireCreator(t.db, adaRow!.handle))).badge).toBe("Pro");
    const [boRow] = await t.db.select({ handle: user.handle }).from(user).where(eq(user.id, bo));
    expect((await getCreatorProfile(t.db, await requireCreator(t.db, boRow!.handle))).badge).toBeNull();

    const [artwork] = await t.db.insert(artworks).values(publishedArtworkRow(bo, "Harbour")).returning();
    const comment = await addComment(t.db, ada, artwork!.id, { body: "Lovely light." });
    expect(comment.author.badge).toBe("Pro");
    await addComment(t.db, bo, artwork!.id, { body: "Thank you!", parentId: comment.id });
    const page = await listComments(t.db, artwork!.id, null);
    expect(page.items[0]!.author.badge).toBe("Pro");
    expect(page.items[0]!.replies[0]!.author.badge).toBeNull();
  });
});

/**
 * Every upload someone else may see is screened before anything is stored or charged (issue 40,
 * ADR 0059), through the routes and domain functions people reach: image to art's preview and
 * picture, the doodle, the public API, the image tools, avatars, and the admins' slideshow and
 * product pictures. The real model, no stub: the thresholds are lowered below the real scores of
 * the very bytes each ingress screens, so those scores cross them.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as userProfileAction } from "../../app/routes/account/user-profile";
import { action as addProductAction } from "../../app/routes/admin/add-list-product";
import { action as slideAction } from "../../app/routes/admin/detail-list-slideshowbg";
import { action as generationsAction } from "../../app/routes/api/generations";
import { action as previewImageAction } from "../../app/routes/api/preview-image";
import { action as apiGenerationsAction } from "../../app/routes/api/v1/generations";
import { createApiToken } from "../../server/api-tokens/tokens";
import { getAuth } from "../../server/auth/auth";
import { prepareProductImage } from "../../server/commerce/admin-products";
import { SLIDE_BOUNDS } from "../../server/content/slideshow";
import { setDatabase } from "../../server/db/client";
import {
  account,
  generations,
  imageEdits,
  pictureScreenings,
  products,
  slideshowBackgrounds,
  tokenLedger,
  user,
} from "../../server/db/schema";
import { routeEngines } from "../../server/generation/engines/registry";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { saveTokenSettings } from "../../server/generation/token-settings";
import { savePreviewImage } from "../../server/generation/uploads";
import { requestInfoContext } from "../../server/http/request-context";
import { createImageEdit } from "../../server/image-tools/edits";
import { logger } from "../../server/logger";
import { closeClassifier } from "../../server/safety/classifier";
import { pictureHash, screenPicture } from "../../server/safety/screenings";
import { adultShares, DEFAULT_SAFETY_THRESHOLDS, saveSafetyThresholds } from "../../server/safety/thresholds";
import { EXPLICIT_UPLOAD_MESSAGE, PictureSafetyError } from "../../server/safety/uploads";
import { makeAvatar, makeSiteImage } from "../../server/storage/images";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";
import { landscape } from "../support/pictures";

// Before any import reads the configuration: sessions are signed with it.
vi.hoisted(() => {
  process.env.AUTH_SECRET ??= "upload-screening-test-secret-0123456789abcdef";
});

const t = setUpTestDatabase();
beforeAll(() => setDatabase(t.handle));
afterAll(async () => {
  setDatabase(undefined);
  await closeClassifier();
});
beforeEach(() => routeEngines({ text: "blank", image: "blank", doodle: "blank" }));
afterEach(() => {
  routeEngines(null);
  vi.restoreAllMocks();
});

const ORIGIN = "http://localhost";

// One password for every account here: hashing it (scrypt) is the slow part of an account.
const PASSWORD = `pw-${randomUUID()}`;
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** A person with a session (and tokens to spend), or an admin, signed in through Better Auth. */
async function signIn(role: "user" | "admin" = "user") {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@example.test`;
  await t.db
    .insert(user)
    .values({ id, name: role === "admin" ? "Admin" : "Uploader", email, emailVerified: true, role });
  await t.db
    .insert(account)
    .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
  if (role === "user")
    await applyTokenMovement(t.db, {
      userId: id,
      amount: 1000,
      reason: "admin_adjustment",
      idempotencyKey: `test:${id}`,
    });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id, cookie };
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read field by field
  body: any;
}

/** Calls a route's action as React Router would, and reads its answer: a Response, data(…) or a plain object. */
async function post(
  action: (args: never) => unknown,
  path: string,
  body: FormData | object,
  headers: Record<string, string>,
): Promise<Answer> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { id: "test", nonce: "test", log: logger, clientIp: "127.0.0.1" });
  // As a browser sends it: the body whole, with its length (the routes refuse a body of unknown size).
  const encoded = new Request(ORIGIN, {
    method: "POST",
    ...(body instanceof FormData
      ? { body }
      : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      ...headers,
      "Content-Type": encoded.headers.get("content-type")!,
      "Content-Length": String(bytes.byteLength),
    },
    body: bytes,
  });
  let result: unknown;
  try {
    result = await action({ request, params: {}, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      body: text && result.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
    };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result };
}

const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};
const png = (bytes: Buffer) => new File([new Uint8Array(bytes)], "picture.png", { type: "image/png" });

const PRODUCT_FIELDS = {
  name: "Starter",
  description: "A first pack",
  price: "4.99",
  currency: "USD",
  tokens: "100",
  bonusTokens: "0",
  tier: "starter",
  features: "",
  badge: "",
  sortOrder: "10",
  active: "on",
};

/**
 * The test's pictures and, for each, the bytes its ingress screens: the upload itself, or the
 * picture made from it that others see and that is stored (the avatar's square, the site's WebP).
 */
async function pictures() {
  const photo = await landscape();
  // The slideshow wants pictures at least 1,024 pixels wide.
  const wide = await sharp(photo).resize(1280, 960).png().toBuffer();
  return {
    photo,
    wide,
    screened: {
      photo,
      avatar: await makeAvatar(photo),
      slide: (await makeSiteImage(wide, SLIDE_BOUNDS)).bytes,
      product: (await prepareProductImage(wide)).bytes,
    },
  };
}

async function countRows(table: typeof generations | typeof imageEdits, userId: string) {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row!.n;
}

describe("uploads others may see", () => {
  it("pass everywhere with the default thresholds, each screened once by its bytes", async () => {
    const { photo, wide, screened } = await pictures();
    const ada = await signIn();
    const admin = await signIn("admin");
    const { token } = await createApiToken(t.db, ada.id, { name: "script", scopes: ["generate"], expiresIn: "never" });
    const asAda = { Cookie: ada.cookie, Origin: ORIGIN };
    await saveTokenSettings(t.db, { maxConcurrentJobs: 10 });
    // No job queue runs here: the paid jobs wait for recovery, which is all createGeneration logs.
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});

    const preview = await post(previewImageAction, "/api/preview-image", form({ image: png(photo) }), asAda);
    expect(preview.status).toBe(201);
    const started = [
      await post(generationsAction, "/api/generations", form({ mode: "image", size: "512", image: png(photo) }), asAda),
      await post(
        generationsAction,
        "/api/generations",
        form({ mode: "image", size: "512", sourceImage: preview.body.fileName }),
        asAda,
      ),
      await post(
        generationsAction,
        "/api/generations",
        form({ mode: "doodle", size: "512", doodle: png(photo) }),
        asAda,
      ),
      await post(
        apiGenerationsAction,
        "/api/v1/generations",
        { mode: "image", size: 512, image: photo.toString("base64") },
        { Authorization: `Bearer ${token}` },
      ),
    ];
    expect(started.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(await countRows(generations, ada.id)).toBe(4);
    expect(logged.mock.calls.map((call) => call[1])).toEqual(
      Array(4).fill("could not queue a generation; recovery will retry"),
    );
    await createImageEdit(t.db, {
      userId: ada.id,
      tool: "upscale",
      source: { kind: "upload", bytes: photo },
      enqueue: async () => {},
    });
    const avatar = await post(
      userProfileAction,
      "/account/user-profile",
      form({ intent: "avatar", avatar: png(photo) }),
      asAda,
    );
    expect(avatar.body).toMatchObject({ ok: true, intent: "avatar" });

    const asAdmin = { Cookie: admin.cookie, Origin: ORIGIN };
    const slide = await post(
      slideAction,
      "/admin/detail-list-slideshowbg",
      form({ title: "Fields", active: "on", image: png(wide) }),
      asAdmin,
    );
    expect(slide.status).toBe(302);
    const product = await post(
      addProductAction,
      "/admin/add-list-product",
      form({ ...PRODUCT_FIELDS, image: png(wide) }),
      asAdmin,
    );
    expect(product.status).toBe(302);

    // Each ingress screened what it keeps — once per picture however often it came in.
    const rows = await t.db.select().from(pictureScreenings);
    expect(rows.map((r) => r.sha256).sort()).toEqual(Object.values(screened).map(pictureHash).sort());
    const [counts] = await t.db.select({ explicitUploads: user.explicitUploads }).from(user).where(eq(user.id, ada.id));
    expect(counts!.explicitUploads).toBe(0);
  });

  it("are refused beside their field once the thresholds are below their real scores: nothing stored, nothing charged, each refusal counted", {
    timeout: 60_000,
  }, async () => {
    const { photo, wide, screened } = await pictures();
    const ada = await signIn();
    const admin = await signIn("admin");
    const { token } = await createApiToken(t.db, ada.id, { name: "script", scopes: ["generate"], expiresIn: "never" });
    // A preview kept from before the thresholds changed.
    const kept = await savePreviewImage(t.db, ada.id, photo);

    // The real scores of every picture an ingress screens; the explicit threshold goes below the lowest.
    const shares = await Promise.all(
      Object.values(screened).map(async (bytes) => adultShares((await screenPicture(t.db, bytes)).scores).explicit),
    );
    const explicitAt = Math.min(...shares) * 0.9;
    expect(explicitAt).toBeGreaterThanOrEqual(0.0001); // the lowest threshold an admin may set
    await saveSafetyThresholds(t.db, { ...DEFAULT_SAFETY_THRESHOLDS, explicitAt });

    const balance = await getTokenBalance(t.db, ada.id);
    const stored = vi.spyOn(getStorage(), "put");
    const asAda = { Cookie: ada.cookie, Origin: ORIGIN };
    const asScript = { Authorization: `Bearer ${token}` };
    const refusedApis: [string, Answer][] = [
      ["image", await post(previewImageAction, "/api/preview-image", form({ image: png(photo) }), asAda)],
      [
        "sourceImage",
        await post(
          generationsAction,
          "/api/generations",
          form({ mode: "image", size: "512", image: png(photo) }),
          asAda,
        ),
      ],
      [
        "sourceImage",
        await post(
          generationsAction,
          "/api/generations",
          form({ mode: "image", size: "512", sourceImage: kept.fileName }),
          asAda,
        ),
      ],
      [
        "doodle",
        await post(
          generationsAction,
          "/api/generations",
          form({ mode: "doodle", size: "512", doodle: png(photo) }),
          asAda,
        ),
      ],
      [
        "image",
        await post(
          apiGenerationsAction,
          "/api/v1/generations",
          { mode: "image", size: 512, image: photo.toString("base64") },
          asScript,
        ),
      ],
      [
        "image",
        await post(
          apiGenerationsAction,
          "/api/v1/generations",
          {
            mode: "edit",
            edit: { kind: "outpaint", sides: { top: 0, right: 50, bottom: 0, left: 0 } },
            image: photo.toString("base64"),
          },
          asScript,
        ),
      ],
    ];
    for (const [field, answer] of refusedApis) {
      expect(answer.status).toBe(422);
      expect(answer.body.error).toEqual({
        code: "explicit_picture",
        message: EXPLICIT_UPLOAD_MESSAGE,
        fields: { [field]: [EXPLICIT_UPLOAD_MESSAGE] },
      });
    }

    const tool = await createImageEdit(t.db, {
      userId: ada.id,
      tool: "upscale",
      source: { kind: "upload", bytes: photo },
      enqueue: async () => {},
    }).catch((error: unknown) => error);
    expect(tool).toBeInstanceOf(PictureSafetyError);
    expect(tool).toMatchObject({ code: "explicit_picture", status: 422, fields: { image: [EXPLICIT_UPLOAD_MESSAGE] } });

    // Page forms: the message beside the file field (as <FieldError> shows `errors.fields[name]`).
    const asAdmin = { Cookie: admin.cookie, Origin: ORIGIN };
    const refusedForms: [string, Answer][] = [
      [
        "avatar",
        await post(userProfileAction, "/account/user-profile", form({ intent: "avatar", avatar: png(photo) }), asAda),
      ],
      [
        "image",
        await post(
          slideAction,
          "/admin/detail-list-slideshowbg",
          form({ title: "Fields", active: "on", image: png(wide) }),
          asAdmin,
        ),
      ],
      [
        "image",
        await post(addProductAction, "/admin/add-list-product", form({ ...PRODUCT_FIELDS, image: png(wide) }), asAdmin),
      ],
    ];
    for (const [field, answer] of refusedForms) {
      expect(answer.status).toBe(422);
      expect(answer.body.ok).toBe(false);
      expect(answer.body.errors.fields).toEqual({ [field]: EXPLICIT_UPLOAD_MESSAGE });
    }

    // Nothing stored, nothing charged, nothing made.
    expect(stored).not.toHaveBeenCalled();
    expect(await getTokenBalance(t.db, ada.id)).toBe(balance);
    const [movements] = await t.db.select({ n: count() }).from(tokenLedger).where(eq(tokenLedger.userId, ada.id));
    expect(movements!.n).toBe(1); // the test's top-up, and nothing since
    expect(await countRows(generations, ada.id)).toBe(0);
    expect(await countRows(imageEdits, ada.id)).toBe(0);
    expect(await t.db.select().from(slideshowBackgrounds)).toEqual([]);
    expect(await t.db.select().from(products)).toEqual([]);

    // Every refusal counted on the account that tried: the person's eight, the admin's two.
    const uploads = await t.db
      .select({ id: user.id, image: user.image, explicitUploads: user.explicitUploads })
      .from(user);
    expect(Object.fromEntries(uploads.map((u) => [u.id, [u.explicitUploads, u.image]]))).toEqual({
      [ada.id]: [8, null],
      [admin.id]: [2, null],
    });
  });
});

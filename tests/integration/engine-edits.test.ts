/**
 * Editing a part of a picture (issue 31) on every remote engine, against its local stand-in
 * (tests/support/*-server.ts), which checks each request as the API documents it and answers
 * with the sent picture repainted only where the mask says: AUTOMATIC1111's img2img with a mask,
 * ComfyUI's inpainting workflow, Stability's edit/inpaint, edit/erase and edit/outpaint, and
 * OpenAI's /v1/images/edits with a transparent-pixel mask. An outpaint on the engines without an
 * outpaint endpoint is an inpaint of a padded canvas. Each result has the requested size, the
 * stand-in's paint where the picture changes and the original's exact pixels where it stays.
 * The stand-ins' own checks are exercised too, so a misspelt field or a wrong mask fails here.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildA1111Payload, createA1111Engine } from "../../server/generation/engines/a1111";
import { buildComfyUIWorkflow, type ComfyWorkflow, createComfyUIEngine } from "../../server/generation/engines/comfyui";
import { EDIT_DENOISE, inpaintCanvas, padCanvas } from "../../server/generation/engines/edit-canvas";
import type { GenerationRequest, ProgressUpdate } from "../../server/generation/engines/engine";
import { createOpenAIImagesEngine } from "../../server/generation/engines/openai-images";
import { createStabilityEngine } from "../../server/generation/engines/stability";
import { a1111Shade, startFakeA1111 } from "../support/a1111-server";
import { comfyShade, type FakeComfyUI, startFakeComfyUI } from "../support/comfyui-server";
import {
  engineFailure as failure,
  fakeServers,
  generationRequest,
  pixel,
  type RGB,
  runEngine as run,
} from "../support/engine-harness";
import { type MultipartBody, openAIShade, startFakeOpenAI } from "../support/openai-images-server";
import { stabilityShade, startFakeStability } from "../support/stability-server";

const A: RGB = [32, 64, 128];
const B: RGB = [224, 160, 64];
const rgb = (shade: { r: number; g: number; b: number }): RGB => [shade.r, shade.g, shade.b];

/** `width` × `height`: colour A on the left half, B on the right. */
function halves(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: A[0], g: A[1], b: A[2] } } })
    .composite([
      {
        input: { create: { width: width - half, height, channels: 3, background: { r: B[0], g: B[1], b: B[2] } } },
        left: half,
        top: 0,
      },
    ])
    .removeAlpha()
    .png()
    .toBuffer();
}

/** The white square of middleMask: a third of the short side, in the middle. */
function middleSquare(width: number, height: number) {
  const side = Math.round(Math.min(width, height) / 3);
  return { side, left: Math.round((width - side) / 2), top: Math.round((height - side) / 2) };
}

/** A black mask with a white square in the middle, softened a little. */
function middleMask(width: number, height: number): Promise<Buffer> {
  const { side, left, top } = middleSquare(width, height);
  return sharp({ create: { width, height, channels: 3, background: "#000000" } })
    .composite([{ input: { create: { width: side, height: side, channels: 3, background: "#ffffff" } }, left, top }])
    .blur(1)
    .png()
    .toBuffer();
}

const size = async (png: Buffer) => {
  const meta = await sharp(png).metadata();
  return { width: meta.width, height: meta.height, channels: meta.channels, hasAlpha: meta.hasAlpha };
};

let photo: Buffer;
let mask: Buffer;
let odd: Buffer;
let oddMask: Buffer;
beforeAll(async () => {
  photo = await halves(128, 96);
  mask = await middleMask(128, 96);
  odd = await halves(100, 75);
  oddMask = await middleMask(100, 75);
});

/** An inpaint of the middle of `photo`, 128 × 96, two pictures, seed 1234. */
const inpaint = (change: Partial<GenerationRequest> = {}) =>
  generationRequest({
    mode: "image",
    prompt: "a red balloon",
    width: 128,
    height: 96,
    sourceImage: photo,
    edit: { kind: "inpaint", mask },
    ...change,
  });

/** `photo` widened by half its width on the left: 192 × 96 (the picture lands at x 64..191). */
const outpaint = (change: Partial<GenerationRequest> = {}) =>
  generationRequest({
    mode: "text",
    prompt: "more of the beach",
    width: 192,
    height: 96,
    count: 1,
    sourceImage: photo,
    edit: { kind: "outpaint", sides: { top: 0, right: 0, bottom: 0, left: 50 } },
    ...change,
  });

/**
 * The inpainted result: changed over the whole square (to `paint`; its corners, just inside, show
 * that the answer was put back in the right place), the original's pixels in both halves' corners.
 */
async function expectInpainted(png: Buffer, width: number, height: number, paint: RGB) {
  expect(await size(png)).toMatchObject({ width, height, channels: 3 });
  const { side, left, top } = middleSquare(width, height);
  for (const [x, y] of [
    [Math.floor(width / 2), Math.floor(height / 2)],
    [left + 3, top + 3],
    [left + side - 4, top + side - 4],
  ] as const)
    expect([x, y, await pixel(png, x, y)]).toEqual([x, y, paint]);
  expect(await pixel(png, 2, 2)).toEqual(A);
  expect(await pixel(png, width - 3, height - 3)).toEqual(B);
}

/** The outpainted result: 192 × 96, the new left third painted, the picture in place. */
async function expectOutpainted(png: Buffer, paint: RGB) {
  expect(await size(png)).toMatchObject({ width: 192, height: 96, channels: 3 });
  expect(await pixel(png, 10, 48)).toEqual(paint);
  expect(await pixel(png, 40, 90)).toEqual(paint);
  // Either side of the seam at x = 64, beyond its feather.
  expect(await pixel(png, 56, 48)).toEqual(paint);
  expect(await pixel(png, 72, 48)).toEqual(A);
  expect(await pixel(png, 80, 10)).toEqual(A);
  expect(await pixel(png, 150, 48)).toEqual(B);
}

// ---------------------------------------------------------------------------------------------

describe("AUTOMATIC1111 edits", () => {
  const fake = fakeServers(startFakeA1111);
  const engineFor = (url: string) =>
    createA1111Engine({ id: "a1111:test", label: "A1111", baseUrl: url, pollIntervalMs: 20 });
  const posted = (f: Awaited<ReturnType<typeof fake>>) =>
    f.requests.find((r) => r.path === "/sdapi/v1/img2img")?.body as Record<string, unknown>;

  it("declares both edits", () => {
    expect(engineFor("http://127.0.0.1:1").capabilities.edits).toEqual(["inpaint", "outpaint"]);
  });

  it("inpaints through img2img with the mask and the inpainting options", async () => {
    const f = await fake();
    const progress: ProgressUpdate[] = [];
    const result = await run(engineFor(f.url), inpaint(), undefined, (u) => progress.push(u));
    const body = posted(f);
    expect(body).toMatchObject({
      prompt: expect.stringMatching(/^a red balloon, watercolor/),
      negative_prompt: "blurry",
      seed: 1234,
      width: 128,
      height: 96,
      batch_size: 2,
      mask_blur: 4,
      inpainting_fill: 1,
      inpaint_full_res: true,
      inpaint_full_res_padding: 32,
      inpainting_mask_invert: 0,
      resize_mode: 0,
      denoising_strength: EDIT_DENOISE.inpaint,
    });
    expect(body).not.toHaveProperty("alwayson_scripts");
    const init = Buffer.from((body.init_images as string[])[0]!, "base64");
    const sentMask = Buffer.from(body.mask as string, "base64");
    expect(await size(init)).toMatchObject({ width: 128, height: 96 });
    expect(await size(sentMask)).toMatchObject({ width: 128, height: 96, channels: 1 });

    expect(result.images).toHaveLength(2);
    expect(result.images.map((i) => i.seed)).toEqual([1234, 1235]);
    for (const [i, image] of result.images.entries()) {
      expect(image).toMatchObject({ mime: "image/png", width: 128, height: 96 });
      await expectInpainted(image.bytes, 128, 96, rgb(a1111Shade(1234 + i)));
    }
    expect(progress.at(-1)).toEqual({ percent: 100, stage: "Done" });
  });

  it("outpaints as an inpaint of the padded canvas, the whole canvas rendered", async () => {
    const f = await fake();
    const result = await run(engineFor(f.url), outpaint());
    const body = posted(f);
    expect(body).toMatchObject({
      width: 192,
      height: 96,
      inpaint_full_res: false,
      inpainting_fill: 1,
      denoising_strength: EDIT_DENOISE.outpaint,
    });
    const init = Buffer.from((body.init_images as string[])[0]!, "base64");
    expect(await pixel(init, 5, 48)).toEqual(A); // the new margin repeats the picture's border
    const sentMask = Buffer.from(body.mask as string, "base64");
    expect(await pixel(sentMask, 5, 48)).toEqual([255, 255, 255]);
    expect(await pixel(sentMask, 150, 48)).toEqual([0, 0, 0]);
    await expectOutpainted(result.images[0]!.bytes, rgb(a1111Shade(1234)));
  });

  it("pads a size that is not a multiple of 8 and cuts the answer back", async () => {
    const f = await fake();
    const request = inpaint({ sourceImage: odd, edit: { kind: "inpaint", mask: oddMask }, width: 100, height: 75 });
    expect(engineFor(f.url).validate(request)).toEqual([]);
    const result = await run(engineFor(f.url), { ...request, count: 1 });
    expect(posted(f)).toMatchObject({ width: 104, height: 80 });
    expect(await size(Buffer.from((posted(f).init_images as string[])[0]!, "base64"))).toMatchObject({
      width: 104,
      height: 80,
    });
    await expectInpainted(result.images[0]!.bytes, 100, 75, rgb(a1111Shade(1234)));
  });

  it("refuses what cannot be edited before sending anything", async () => {
    const f = await fake();
    const engine = engineFor(f.url);
    const fields = (request: GenerationRequest) => engine.validate(request).map((i) => i.field);
    expect(fields(inpaint({ edit: { kind: "inpaint" } }))).toEqual(["mask"]);
    expect(fields(outpaint({ edit: { kind: "outpaint", sides: { top: 0, right: 0, bottom: 0, left: 0 } } }))).toEqual([
      "sides",
    ]);
    expect(fields(outpaint({ edit: { kind: "outpaint", sides: { top: 0, right: 10, bottom: 0, left: 0 } } }))).toEqual([
      "sides",
    ]);
    expect(fields(outpaint({ width: 2048, height: 1024 }))).toEqual(["size"]);
    expect(fields(inpaint({ sourceImage: undefined }))).toEqual(["sourceImage"]);
    const undecodable = await failure(run(engine, inpaint({ edit: { kind: "inpaint", mask: Buffer.from("nope") } })));
    expect(undecodable.kind).toBe("invalid_request");
    expect(f.requests).toHaveLength(0);
  });

  it("cancels an edit like any job: /interrupt, and the canceled error", async () => {
    const f = await fake({ jobMs: 10_000 });
    const controller = new AbortController();
    const running = run(engineFor(f.url), inpaint(), controller.signal);
    await f.jobStarted();
    controller.abort();
    expect((await failure(running)).kind).toBe("canceled");
    expect(f.requests.some((r) => r.path === "/sdapi/v1/interrupt")).toBe(true);
  });

  describe("the stand-in refuses what A1111 would not do as asked", () => {
    const post = (url: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const good = async () =>
      buildA1111Payload(
        { id: "a", label: "a", baseUrl: "" },
        inpaint(),
        "task(x)",
        await padCanvas(await inpaintCanvas(photo, mask, 128, 96), 8),
      ).body;

    it("takes the adapter's own body", async () => {
      const f = await fake();
      expect((await post(f.url, "/sdapi/v1/img2img", await good())).status).toBe(200);
    });

    it("a mask of another size than the picture: PIL's 500", async () => {
      const f = await fake();
      const body = { ...(await good()), mask: (await middleMask(64, 48)).toString("base64") };
      const answer = await post(f.url, "/sdapi/v1/img2img", body);
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ error: "ValueError", errors: "images do not match" });
    });

    it("a misspelt or missing mask field, and a mask on txt2img: 422", async () => {
      const f = await fake();
      const { mask: sent, ...withoutMask } = await good();
      for (const body of [
        withoutMask, // inpainting options without a mask
        { ...withoutMask, mask_image: sent }, // the mask under another name
        { ...(await good()), inpaint_fill: 1 },
        { ...(await good()), inpainting_mask_invert: 2 },
      ]) {
        const answer = await post(f.url, "/sdapi/v1/img2img", body);
        expect(answer.status).toBe(422);
        expect(await answer.json()).toMatchObject({
          detail: expect.arrayContaining([expect.objectContaining({ loc: expect.any(Array) })]),
        });
      }
      expect((await post(f.url, "/sdapi/v1/txt2img", { prompt: "x", mask: sent })).status).toBe(422);
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe("ComfyUI edits", () => {
  const fake = fakeServers(startFakeComfyUI);
  const engineFor = (f: FakeComfyUI) =>
    createComfyUIEngine({ id: "comfyui:test", label: "ComfyUI", baseUrl: f.url, pollIntervalMs: 20 });
  const postedPrompt = (f: FakeComfyUI) => f.prompts[0]!.prompt as ComfyWorkflow;

  it("declares both edits", async () => {
    expect(engineFor(await fake()).capabilities.edits).toEqual(["inpaint", "outpaint"]);
  });

  it("uploads the picture and its mask and inpaints through InpaintModelConditioning", async () => {
    const f = await fake();
    const progress: ProgressUpdate[] = [];
    const result = await run(engineFor(f), inpaint(), undefined, (u) => progress.push(u));
    expect(f.uploads.map((u) => [u.type, u.fields.overwrite, u.contentType])).toEqual([
      ["input", "true", "image/png"],
      ["input", "true", "image/png"],
    ]);
    const [picture, sentMask] = f.uploads;
    expect(await size(picture!.bytes)).toMatchObject({ width: 128, height: 96, channels: 3 });
    expect(await size(sentMask!.bytes)).toMatchObject({ width: 128, height: 96, channels: 1 });
    expect(sentMask!.name).not.toBe(picture!.name);

    const graph = postedPrompt(f);
    expect(graph["10"]).toEqual({ class_type: "LoadImage", inputs: { image: picture!.name } });
    expect(graph["15"]).toEqual({ class_type: "LoadImage", inputs: { image: sentMask!.name } });
    expect(graph["16"]).toEqual({ class_type: "ImageToMask", inputs: { image: ["15", 0], channel: "red" } });
    expect(graph["17"]).toEqual({
      class_type: "InpaintModelConditioning",
      inputs: {
        positive: ["6", 0],
        negative: ["7", 0],
        vae: ["4", 2],
        pixels: ["10", 0],
        mask: ["16", 0],
        noise_mask: true,
      },
    });
    expect(graph["12"]).toEqual({ class_type: "RepeatLatentBatch", inputs: { samples: ["17", 2], amount: 2 } });
    expect(graph["3"]!.inputs).toMatchObject({
      positive: ["17", 0],
      negative: ["17", 1],
      latent_image: ["12", 0],
      seed: 1234,
      denoise: EDIT_DENOISE.inpaint,
    });
    expect(graph["6"]!.inputs.text).toMatch(/^a red balloon, watercolor/);
    expect(graph).not.toHaveProperty("5"); // no empty latent
    expect(graph["9"]).toEqual({ class_type: "SaveImage", inputs: { images: ["8", 0], filename_prefix: "atelier" } });

    expect(result.images).toHaveLength(2);
    // One seed drives the batch; the stand-in paints image i in the shade of seed + 3i.
    await expectInpainted(result.images[0]!.bytes, 128, 96, rgb(comfyShade(1234)));
    await expectInpainted(result.images[1]!.bytes, 128, 96, rgb(comfyShade(1237)));
    expect(result.images.map((i) => i.seed)).toEqual([1234, 1234]);
    expect(progress.map((p) => p.stage)).toContain("Painting");
  });

  it("outpaints as an inpaint of the padded canvas", async () => {
    const f = await fake();
    const result = await run(engineFor(f), outpaint());
    expect(await size(f.uploads[0]!.bytes)).toMatchObject({ width: 192, height: 96 });
    expect(await pixel(f.uploads[1]!.bytes, 5, 48)).toEqual([255, 255, 255]);
    expect(postedPrompt(f)["3"]!.inputs.denoise).toBe(EDIT_DENOISE.outpaint);
    await expectOutpainted(result.images[0]!.bytes, rgb(comfyShade(1234)));
  });

  it("pads a size that is not a multiple of 8 (the inpaint node would crop it) and cuts the answer back", async () => {
    const f = await fake();
    const request = inpaint({ sourceImage: odd, edit: { kind: "inpaint", mask: oddMask }, width: 100, height: 75 });
    const result = await run(engineFor(f), { ...request, count: 1 });
    expect(await size(f.uploads[0]!.bytes)).toMatchObject({ width: 104, height: 80 });
    expect(await size(f.uploads[1]!.bytes)).toMatchObject({ width: 104, height: 80 });
    await expectInpainted(result.images[0]!.bytes, 100, 75, rgb(comfyShade(1234)));
  });

  describe("the stand-in refuses a workflow ComfyUI would not run as meant", () => {
    /** Uploads the picture and the mask, then posts `change`d edit workflow. */
    async function postEdit(f: FakeComfyUI, change: (graph: ComfyWorkflow) => void) {
      const upload = async (bytes: Buffer, name: string) => {
        const form = new FormData();
        form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
        await fetch(`${f.url}/upload/image`, { method: "POST", body: form });
      };
      await upload(photo, "p.png");
      await upload(await sharp(mask).toColourspace("b-w").png().toBuffer(), "m.png");
      const graph = buildComfyUIWorkflow({}, inpaint({ count: 1 }), "p.png", "m.png");
      change(graph);
      return fetch(`${f.url}/prompt`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt: graph, client_id: "test" }),
      });
    }

    it("takes the adapter's own workflow", async () => {
      expect((await postEdit(await fake(), () => {})).status).toBe(200);
    });

    it("a mask that reaches no inpaint node (plain VAEEncode instead): 400", async () => {
      const f = await fake();
      const answer = await postEdit(f, (graph) => {
        delete graph["17"];
        graph["11"] = { class_type: "VAEEncode", inputs: { pixels: ["10", 0], vae: ["4", 2] } };
        graph["12"]!.inputs.samples = ["11", 0];
        graph["3"]!.inputs.positive = ["6", 0];
        graph["3"]!.inputs.negative = ["7", 0];
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ node_errors: { "16": { class_type: "ImageToMask" } } });
    });

    it("InpaintModelConditioning without noise_mask, or a mask input that is not a MASK: 400", async () => {
      const f = await fake();
      const missing = await postEdit(f, (graph) => {
        delete graph["17"]!.inputs.noise_mask;
      });
      expect(missing.status).toBe(400);
      expect(JSON.stringify(await missing.json())).toContain("required_input_missing");
      const wrongType = await postEdit(f, (graph) => {
        graph["17"]!.inputs.mask = ["15", 0]; // the mask picture's IMAGE, not a MASK
      });
      expect(wrongType.status).toBe(400);
      expect(JSON.stringify(await wrongType.json())).toContain("return_type_mismatch");
    });

    it("LoadImage's own MASK of a picture without alpha is empty: nothing gets painted", async () => {
      const f = await fake();
      await postEdit(f, (graph) => {
        graph["17"]!.inputs.mask = ["15", 1];
        delete graph["16"];
      });
      await until(() => f.prompts.length === 1 && historyDone(f));
      const file = await latestOutput(f);
      expect(await pixel(file, 64, 48)).toEqual(await pixel(photo, 64, 48));
    });
  });
});

const historyDone = (f: FakeComfyUI) => [...f.sent.values()].flat().some((m) => m.type === "execution_success");
async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}
async function latestOutput(f: FakeComfyUI): Promise<Buffer> {
  const history = (await (await fetch(`${f.url}/history`)).json()) as Record<
    string,
    { outputs: Record<string, { images: { filename: string }[] }> }
  >;
  const [entry] = Object.values(history);
  const filename = entry!.outputs["9"]!.images[0]!.filename;
  return Buffer.from(await (await fetch(`${f.url}/view?filename=${filename}&type=output`)).arrayBuffer());
}

// ---------------------------------------------------------------------------------------------

describe("Stability AI edits", () => {
  const fake = fakeServers(startFakeStability);
  const engineFor = (f: Awaited<ReturnType<typeof fake>>) =>
    createStabilityEngine({ id: "stability:test", label: "Stability", baseUrl: f.url, apiKey: f.apiKey });
  const edits = (f: Awaited<ReturnType<typeof fake>>) => f.requests.filter((r) => r.path.includes("/edit/"));

  it("declares both edits", async () => {
    expect(engineFor(await fake()).capabilities.edits).toEqual(["inpaint", "outpaint"]);
  });

  it("inpaints through edit/inpaint, one request per picture, and scales the 4-megapixel answer back", async () => {
    const f = await fake();
    const progress: ProgressUpdate[] = [];
    const result = await run(engineFor(f), inpaint(), undefined, (u) => progress.push(u));
    const sent = edits(f);
    expect(sent.map((r) => [r.path, r.status])).toEqual([
      ["/v2beta/stable-image/edit/inpaint", 200],
      ["/v2beta/stable-image/edit/inpaint", 200],
    ]);
    expect(sent[0]!.fields).toEqual({
      prompt: expect.stringMatching(/^a red balloon, watercolor/),
      negative_prompt: "blurry",
      grow_mask: "5",
      seed: "1234",
      output_format: "png",
    });
    expect(sent[1]!.fields.seed).toBe("1235");
    expect(Object.keys(sent[0]!.files).sort()).toEqual(["image", "mask"]);
    expect(await size(sent[0]!.files.image!.bytes)).toMatchObject({ width: 128, height: 96 });
    expect(await size(sent[0]!.files.mask!.bytes)).toMatchObject({ width: 128, height: 96, channels: 1 });
    expect(sent[0]!.files.mask!.contentType).toBe("image/png");

    expect(result.images.map((i) => [i.width, i.height, i.mime, i.seed])).toEqual([
      [128, 96, "image/png", 1234],
      [128, 96, "image/png", 1235],
    ]);
    await expectInpainted(result.images[0]!.bytes, 128, 96, rgb(stabilityShade(1234)));
    await expectInpainted(result.images[1]!.bytes, 128, 96, rgb(stabilityShade(1235)));
    expect(result.usage).toMatchObject({ service: "inpaint", requests: 2, estimatedCredits: 6 });
    expect(progress.map((p) => p.stage)).toEqual(["Painting picture 1 of 2", "Painting picture 2 of 2", "Done"]);
  });

  it("erases through edit/erase when the inpaint has no words", async () => {
    const f = await fake();
    const result = await run(engineFor(f), inpaint({ prompt: " ", count: 1 }));
    const [sent] = edits(f);
    expect(sent!.path).toBe("/v2beta/stable-image/edit/erase");
    expect(sent!.fields).toEqual({ grow_mask: "5", seed: "1234", output_format: "png" });
    await expectInpainted(result.images[0]!.bytes, 128, 96, rgb(stabilityShade(1234)));
    expect(result.usage).toMatchObject({ service: "erase", estimatedCredits: 3 });
  });

  it("outpaints through edit/outpaint with the margins in pixels", async () => {
    const f = await fake();
    const result = await run(engineFor(f), outpaint());
    const [sent] = edits(f);
    expect(sent!.path).toBe("/v2beta/stable-image/edit/outpaint");
    expect(sent!.fields).toEqual({
      left: "64",
      right: "0",
      up: "0",
      down: "0",
      creativity: "0.5",
      prompt: expect.stringMatching(/^more of the beach, watercolor/),
      seed: "1234",
      output_format: "png",
    });
    expect(Object.keys(sent!.files)).toEqual(["image"]);
    expect(await size(sent!.files.image!.bytes)).toMatchObject({ width: 128, height: 96 });
    await expectOutpainted(result.images[0]!.bytes, rgb(stabilityShade(1234)));
    expect(result.usage).toMatchObject({ service: "outpaint", estimatedCredits: 4 });
  });

  it("sends no prompt to an outpaint without words, and no prompt check stops an edit", async () => {
    const f = await fake();
    const engine = engineFor(f);
    expect(engine.validate(outpaint({ prompt: "" }))).toEqual([]);
    await run(engine, outpaint({ prompt: "" }));
    expect(edits(f)[0]!.fields).not.toHaveProperty("prompt");
  });

  it("tells a moderated edit apart, and reads the JSON answer too", async () => {
    const f = await fake();
    f.failure = "moderation";
    expect((await failure(run(engineFor(f), inpaint({ count: 1 })))).kind).toBe("moderated");
    f.failure = "none";
    const json = createStabilityEngine({
      id: "s",
      label: "s",
      baseUrl: f.url,
      apiKey: f.apiKey,
      accept: "application/json",
    });
    const result = await run(json, outpaint());
    await expectOutpainted(result.images[0]!.bytes, rgb(stabilityShade(1234)));
  });

  describe("the stand-in holds requests to the edit endpoints' documented fields", () => {
    async function send(f: Awaited<ReturnType<typeof fake>>, path: string, fields: Record<string, string>, files = {}) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const [name, bytes] of Object.entries(files as Record<string, Buffer>))
        form.append(name, new Blob([new Uint8Array(bytes)], { type: "image/png" }), `${name}.png`);
      const answer = await fetch(`${f.url}/v2beta/stable-image/edit/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${f.apiKey}`, accept: "image/*" },
        body: form,
      });
      return {
        status: answer.status,
        body: answer.status === 200 ? null : ((await answer.json()) as { errors: string[] }),
      };
    }

    it("answers what the adapter sends, and a mask of another size (the API resizes it)", async () => {
      const f = await fake();
      expect((await send(f, "inpaint", { prompt: "x" }, { image: photo, mask })).status).toBe(200);
      expect((await send(f, "inpaint", { prompt: "x" }, { image: photo, mask: await middleMask(64, 48) })).status).toBe(
        200,
      );
    });

    it("refuses an outpaint with no direction, or one beyond 2000 px", async () => {
      const f = await fake();
      const none = await send(f, "outpaint", { left: "0", right: "0" }, { image: photo });
      expect(none).toEqual({
        status: 400,
        body: expect.objectContaining({ errors: [expect.stringContaining("at least one")] }),
      });
      expect((await send(f, "outpaint", {}, { image: photo })).status).toBe(400);
      expect((await send(f, "outpaint", { up: "2001" }, { image: photo })).status).toBe(400);
      expect((await send(f, "outpaint", { up: "-5", down: "40" }, { image: photo })).status).toBe(400);
    });

    it("refuses an inpaint without a prompt, without a mask, with the mask as text, or with an undocumented field", async () => {
      const f = await fake();
      const cases: [Record<string, string>, Record<string, Buffer>, string][] = [
        [{}, { image: photo, mask }, "prompt: is required"],
        [{ prompt: "x" }, { image: photo }, "mask: is required"],
        [{ prompt: "x", mask: "white square" }, { image: photo }, "mask: must be a file"],
        [{ prompt: "x", style_preset: "anime" }, { image: photo, mask }, "style_preset: not a field"],
        [{ prompt: "x", mask_blur: "4" }, { image: photo, mask }, "mask_blur: not a field"],
        [{ prompt: "x", grow_mask: "101" }, { image: photo, mask }, "grow_mask: must be between"],
        [{ prompt: "x" }, { image: photo, mask: Buffer.from("nope") }, "mask: must be a jpeg, png or webp"],
      ];
      for (const [fields, files, error] of cases) {
        const answer = await send(f, "inpaint", fields, files);
        expect([error, answer.status]).toEqual([error, 400]);
        expect(answer.body!.errors.join()).toContain(error);
      }
      expect((await send(f, "erase", { prompt: "x" }, { image: photo, mask })).status).toBe(400);
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe("OpenAI Images edits", () => {
  const fake = fakeServers(startFakeOpenAI);
  const engineFor = (f: Awaited<ReturnType<typeof fake>>, model?: "gpt-image-1" | "gpt-image-1-mini") =>
    createOpenAIImagesEngine({
      id: "openai:test",
      label: "OpenAI",
      baseUrl: f.url,
      apiKey: "sk-test-atelier",
      ...(model ? { model } : {}),
    });
  const edit = (f: Awaited<ReturnType<typeof fake>>) =>
    f.requests.find((r) => r.path === "/v1/images/edits")?.body as MultipartBody;

  it("declares both edits", async () => {
    expect(engineFor(await fake()).capabilities.edits).toEqual(["inpaint", "outpaint"]);
  });

  it("inpaints through /v1/images/edits with a transparent-pixel mask, letterboxed into the size it renders", async () => {
    const f = await fake();
    const result = await run(engineFor(f), inpaint());
    const { fields, files } = edit(f);
    expect(fields).toEqual({
      model: "gpt-image-1",
      prompt: expect.stringMatching(/^Change only the transparent area of the mask: a red balloon, watercolor/),
      n: "2",
      size: "1536x1024",
      quality: "auto",
      background: "opaque",
      output_format: "png",
      input_fidelity: "high",
    });
    expect(files.map((p) => [p.name, p.contentType])).toEqual([
      ["image[]", "image/png"],
      ["mask", "image/png"],
    ]);
    const [image, sentMask] = files;
    expect(await size(image!.bytes)).toMatchObject({ width: 1536, height: 1024 });
    expect(await size(sentMask!.bytes)).toMatchObject({ width: 1536, height: 1024, channels: 4, hasAlpha: true });
    const alpha = (x: number, y: number) =>
      sharp(sentMask!.bytes)
        .extract({ left: x, top: y, width: 1, height: 1 })
        .extractChannel(3)
        .raw()
        .toBuffer()
        .then((b) => b[0]);
    expect(await alpha(768, 512)).toBe(0); // the middle changes
    expect(await alpha(100, 100)).toBe(255);
    expect(await alpha(10, 512)).toBe(255); // the letterbox margin is kept

    expect(result.images).toHaveLength(2);
    for (const [i, image] of result.images.entries()) {
      expect(image).toMatchObject({ mime: "image/png", width: 128, height: 96 });
      expect(image.seed).toBeUndefined();
      await expectInpainted(image.bytes, 128, 96, rgb(openAIShade(i + 1)));
    }
    expect(result.usage).toMatchObject({ model: "gpt-image-1", size: "1536x1024" });
  });

  it("outpaints as an inpaint of the padded canvas, and a removal has words of its own", async () => {
    const f = await fake();
    const result = await run(engineFor(f, "gpt-image-1-mini"), outpaint());
    expect(edit(f).fields).toMatchObject({
      model: "gpt-image-1-mini",
      size: "1536x1024",
      prompt: expect.stringMatching(/^Extend this picture into the transparent border/),
    });
    expect(edit(f).fields).not.toHaveProperty("input_fidelity");
    await expectOutpainted(result.images[0]!.bytes, rgb(openAIShade(1)));

    const g = await fake();
    await run(engineFor(g), inpaint({ prompt: "", count: 1 }));
    expect(edit(g).fields.prompt).toMatch(/^Remove what is in the transparent area/);
  });

  it("picks the portrait size for a tall picture", async () => {
    const f = await fake();
    const tall = await sharp(photo).rotate(90).png().toBuffer();
    const tallMask = await sharp(mask).rotate(90).png().toBuffer();
    const result = await run(
      engineFor(f),
      inpaint({ sourceImage: tall, edit: { kind: "inpaint", mask: tallMask }, width: 96, height: 128, count: 1 }),
    );
    expect(edit(f).fields.size).toBe("1024x1536");
    expect(result.images[0]).toMatchObject({ width: 96, height: 128 });
  });

  it("tells a moderated edit apart", async () => {
    const f = await fake();
    f.failure = "moderation";
    expect((await failure(run(engineFor(f), inpaint()))).kind).toBe("moderated");
  });

  describe("the stand-in checks the mask as the API documents it", () => {
    async function send(f: Awaited<ReturnType<typeof fake>>, maskPart: { bytes: Buffer; type: string } | null) {
      const form = new FormData();
      form.append("model", "gpt-image-1");
      form.append("prompt", "a red balloon");
      form.append("size", "1024x1024");
      const square = await sharp(photo).resize(256, 256, { fit: "fill" }).png().toBuffer();
      form.append("image[]", new Blob([new Uint8Array(square)], { type: "image/png" }), "source.png");
      if (maskPart)
        form.append("mask", new Blob([new Uint8Array(maskPart.bytes)], { type: maskPart.type }), "mask.png");
      const answer = await fetch(`${f.url}/v1/images/edits`, {
        method: "POST",
        headers: { authorization: "Bearer sk-test-atelier" },
        body: form,
      });
      return {
        status: answer.status,
        error: answer.status === 200 ? null : ((await answer.json()) as { error: { param: string } }).error,
      };
    }
    const transparentMiddle = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 4, background: "#000000ff" } })
        .composite([
          {
            input: { create: { width: width / 2, height: height / 2, channels: 4, background: "#00000000" } },
            left: width / 4,
            top: height / 4,
            blend: "source",
          },
        ])
        .png()
        .toBuffer();

    it("takes a PNG mask with alpha of the image's size", async () => {
      const f = await fake();
      expect((await send(f, { bytes: await transparentMiddle(256, 256), type: "image/png" })).status).toBe(200);
    });

    it("refuses a mask without alpha, of another size, not a PNG, or with nothing transparent", async () => {
      const f = await fake();
      const grey = await sharp(await middleMask(256, 256))
        .toColourspace("b-w")
        .png()
        .toBuffer();
      const cases = [
        { bytes: grey, type: "image/png" }, // white = change, as other APIs want: no alpha
        { bytes: await transparentMiddle(128, 128), type: "image/png" },
        {
          bytes: await sharp(await transparentMiddle(256, 256))
            .webp()
            .toBuffer(),
          type: "image/webp",
        },
        {
          bytes: await sharp({ create: { width: 256, height: 256, channels: 4, background: "#000000ff" } })
            .png()
            .toBuffer(),
          type: "image/png",
        },
      ];
      for (const maskPart of cases) {
        const answer = await send(f, maskPart);
        expect(answer.status).toBe(400);
        expect(answer.error).toMatchObject({ param: "mask", type: "invalid_request_error" });
      }
    });
  });
});

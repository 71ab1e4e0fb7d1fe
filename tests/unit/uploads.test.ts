/** Uploads are checked by content: size, real image data, decompression bombs, corrupt files. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../app/lib/generation";
import { checkUploadedImage, UploadError } from "../../server/generation/uploads";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function refusal(bytes: Buffer) {
  try {
    await checkUploadedImage(bytes, "sourceImage");
  } catch (error) {
    if (error instanceof UploadError)
      return { status: error.status, code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("the upload was accepted");
}

describe("checkUploadedImage", () => {
  it("accepts real pictures and reports their format and size", async () => {
    const image = await checkUploadedImage(await png(640, 480), "sourceImage");
    expect(image).toMatchObject({ ext: "png", contentType: "image/png", width: 640, height: 480 });
    const jpeg = await sharp(await png(64, 64))
      .jpeg()
      .toBuffer();
    expect((await checkUploadedImage(jpeg, "sourceImage")).ext).toBe("jpg");
  });

  it("refuses text whatever its name says", async () => {
    expect(await refusal(Buffer.from("<svg onload=alert(1)>not really a png</svg>"))).toMatchObject({
      status: 415,
      code: "not_an_image",
      field: "sourceImage",
    });
  });

  it("refuses files over 10 MB", async () => {
    expect(await refusal(Buffer.alloc(UPLOAD_MAX_BYTES + 1))).toMatchObject({ status: 413, code: "upload_too_large" });
  });

  it("refuses decompression bombs over 40 megapixels before decoding them", async () => {
    // 8000 × 6000 of one colour compresses to a few kilobytes and would decode to 192 MB.
    const bomb = await png(8000, 6000);
    expect(bomb.byteLength).toBeLessThan(1_000_000);
    const answer = await refusal(bomb);
    expect(answer).toMatchObject({ status: 413, code: "too_many_pixels" });
    expect(answer.message).toContain("48 megapixels");
  });

  it("refuses a truncated picture", async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#336699" } })
      .composite([
        { input: Buffer.from('<svg width="300" height="300"><circle cx="150" cy="150" r="120" fill="#f90"/></svg>') },
      ])
      .jpeg()
      .toBuffer();
    expect(await refusal(whole.subarray(0, Math.floor(whole.byteLength / 2)))).toMatchObject({
      status: 422,
      code: "corrupt_image",
    });
  });

  it("refuses an empty file", async () => {
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ status: 400, code: "empty_upload" });
  });
});

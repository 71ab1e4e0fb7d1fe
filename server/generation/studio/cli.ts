/**
 * Studio from the command line, so anyone can look at what it makes:
 *
 *   npm run studio -- "a red sunset over snowy mountains and a calm lake" --style watercolor --out sunset.png
 *   npm run studio -- --image photo.jpg --style oil-painting --strength 0.8 --out oil.png
 *   npm run studio -- --doodle drawing.png --style watercolor --out doodle.png
 *   npm run studio -- --sheet --out docs/images/studio-contact-sheet.png
 *
 * Options: --seed N, --size 512|768|1024, --aspect 1:1|4:3|3:4|16:9|9:16, --christmas.
 * Renders on this thread with the same code the worker threads run.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp, { type OverlayOptions } from "sharp";
import { ASPECT_RATIOS, dimensionsFor, type AspectRatio, type GenerationMode } from "../../../app/lib/generation";
import { findStyle, STYLE_IDS } from "../../../app/lib/studio-styles";
import { decodeSource, encodePng } from "./engine";
import { renderStudioImage } from "./render";

const SHEET_PROMPTS = [
  "a red sunset over snowy mountains and a calm lake",
  "a city skyline at night under the stars",
  "a foggy pine forest at dawn",
  "the milky way over a quiet sea",
  "a cheerful meadow of flowers at noon",
  "desert dunes at golden hour",
  "the feeling of a rainy tuesday",
];
const SHEET_STYLES = [
  "natural",
  "watercolor",
  "oil-painting",
  "ink-sketch",
  "pixel-art",
  "neon-synthwave",
  "low-poly",
  "ukiyo-e",
  "pop-art",
  "pastel",
  "stained-glass",
];

const USAGE = `Usage:
  npm run studio -- "<prompt>" [--style id] [--seed n] [--size 512|768|1024] [--aspect 1:1] [--christmas] --out file.png
  npm run studio -- --image photo.jpg [--strength 0..1] [--style id] --out file.png
  npm run studio -- --doodle drawing.png [--style id] --out file.png
  npm run studio -- --sheet [--cell 256] --out sheet.png
Styles: ${STYLE_IDS.join(", ")}`;

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      style: { type: "string", default: "watercolor" },
      seed: { type: "string", default: "1" },
      size: { type: "string", default: "1024" },
      aspect: { type: "string", default: "1:1" },
      strength: { type: "string", default: "0.8" },
      image: { type: "string" },
      doodle: { type: "string" },
      christmas: { type: "boolean", default: false },
      sheet: { type: "boolean", default: false },
      cell: { type: "string", default: "256" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const started = performance.now();
  if (values.sheet) {
    await renderContactSheet(values.out, Number(values.cell));
  } else {
    if (!findStyle(values.style)) throw new Error(`Unknown style "${values.style}". ${USAGE}`);
    if (!ASPECT_RATIOS.includes(values.aspect as AspectRatio))
      throw new Error(`Unknown aspect ratio "${values.aspect}"`);
    const mode: GenerationMode = values.image ? "image" : values.doodle ? "doodle" : "text";
    const { width, height } = dimensionsFor(values.aspect as AspectRatio, Number(values.size));
    const sourceFile = values.image ?? values.doodle;
    const source = sourceFile ? await decodeSource(fs.readFileSync(sourceFile), { mode, width, height }) : undefined;
    const raster = renderStudioImage({
      mode,
      prompt: positionals.join(" "),
      negativePrompt: "",
      style: values.style,
      width,
      height,
      seed: Number(values.seed) >>> 0,
      strength: Number(values.strength),
      christmas: values.christmas,
      ...(source ? { source } : {}),
    });
    fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
    fs.writeFileSync(values.out, await encodePng(raster));
  }
  console.log(`${values.out} (${Math.round(performance.now() - started)} ms)`);
  return 0;
}

/** Prompts down, styles across, one PNG; labels drawn with SVG text. */
async function renderContactSheet(out: string, cell: number) {
  const label = 28;
  const gap = 4;
  const left = 220;
  const width = left + SHEET_STYLES.length * (cell + gap);
  const height = label + SHEET_PROMPTS.length * (cell + gap);
  const tiles: OverlayOptions[] = [];
  const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const text: string[] = [];
  SHEET_STYLES.forEach((style, col) => {
    text.push(
      `<text x="${left + col * (cell + gap) + cell / 2}" y="19" text-anchor="middle">${escape(findStyle(style)!.label)}</text>`,
    );
  });
  for (const [row, prompt] of SHEET_PROMPTS.entries()) {
    const y = label + row * (cell + gap);
    const words = prompt.split(" ");
    const lines: string[] = [];
    for (const word of words) {
      const lastLine = lines.at(-1);
      if (lastLine && `${lastLine} ${word}`.length <= 24) lines[lines.length - 1] = `${lastLine} ${word}`;
      else lines.push(word);
    }
    lines.forEach((line, i) => {
      text.push(`<text x="10" y="${y + cell / 2 - (lines.length - 1) * 9 + i * 18}">${escapeXml(line)}</text>`);
    });
    for (const [col, style] of SHEET_STYLES.entries()) {
      const raster = renderStudioImage({
        mode: "text",
        prompt,
        negativePrompt: "",
        style,
        width: cell,
        height: cell,
        seed: 7 + row,
        strength: 1,
        christmas: false,
      });
      tiles.push({ input: await encodePng(raster), left: left + col * (cell + gap), top: y });
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="DejaVu Sans, sans-serif" font-size="15" fill="#2b2622">${text.join("")}</g></svg>`;
  tiles.unshift({ input: Buffer.from(svg), left: 0, top: 0 });
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: "#f6f1e9" } })
    .composite(tiles)
    .png({ compressionLevel: 9 })
    .toFile(out);
}

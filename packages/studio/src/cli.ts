/**
 * Studio from the command line, so anyone can look at what it makes:
 *
 *   npm run studio -- "a red sunset over snowy mountains and a calm lake" --style watercolor --out sunset.png
 *   npm run studio -- --image photo.jpg --style oil-painting --strength 0.8 --out oil.png
 *   npm run studio -- --doodle drawing.png --style watercolor --out doodle.png
 *   npm run studio -- --sheet --out docs/images
 *   npm run studio -- --styles-sheet --out docs/images/studio-contact-sheet.jpg
 *
 * Options: --seed N, --size 512|768|1024, --aspect W:H (1:1, 4:3, 16:9…), --christmas.
 * --sheet paints the evaluation set (evaluation-prompts.ts) into contact sheets in the --out
 * folder and indexes them in a Markdown file (--index, default the folder's parent's
 * studio-evaluation.md); --styles-sheet paints a few landscapes in every style into one picture.
 * Renders on this thread with the same code the worker threads run.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp, { type OverlayOptions } from "sharp";
import { decodeSource, encodePng } from "./codec";
import {
  awaitedNames,
  EVALUATION_PROMPTS,
  type EvaluationPrompt,
  evaluationStyle,
  missedExpectations,
  SHOWCASE_PROMPTS,
} from "./evaluation-prompts";
import type { Raster } from "./raster";
import { renderSquare, renderStudioImage, type StudioMode } from "./render";
import { parsePrompt } from "./scene/parse-prompt";
import { HELD_OUT_PROMPTS } from "./evaluation-held-out";
import { HELD_OUT_PROMPTS_2 } from "./evaluation-held-out-2";
import { HELD_OUT_PROMPTS_3 } from "./evaluation-held-out-3";
import { HELD_OUT_PROMPTS_4 } from "./evaluation-held-out-4";
import { HELD_OUT_PROMPTS_5 } from "./evaluation-held-out-5";
import { HELD_OUT_PROMPTS_6 } from "./evaluation-held-out-6";
import { OPEN_EVALUATION_PROMPTS, type OpenEvaluationPrompt } from "./evaluation-open";
import { drawnNouns } from "./evaluation-open-check";
import { DEFAULT_STYLE, findStyle, STYLE_IDS, type StyleId, styleNamedIn } from "./studio-styles";
import { countSources, kindsOf, type NounSource, type Source, vocabularyReport } from "./vocabulary/report";

/** The picture's size from an aspect ratio such as 16:9 and its long side, in multiples of 8 as engines want. */
function dimensionsFor(aspect: string, size: number): { width: number; height: number } {
  const [w, h] = aspect.split(":").map(Number) as [number, number];
  if (!(w > 0 && h > 0)) throw new Error(`Unknown aspect ratio "${aspect}": write it as width:height, such as 16:9`);
  const round8 = (n: number) => Math.max(8, Math.round(n / 8) * 8);
  return w >= h ? { width: size, height: round8((size * h) / w) } : { width: round8((size * w) / h), height: size };
}

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
  "anime",
  "cartoon",
  "comic-book",
  "claymation",
  "childrens-book",
];

const USAGE = `Usage:
  npm run studio -- "<prompt>" [--style id] [--seed n] [--size 512|768|1024] [--aspect 1:1] [--christmas] --out file.png
  npm run studio -- --image photo.jpg [--strength 0..1] [--style id] --out file.png
  npm run studio -- --doodle drawing.png [--style id] --out file.png
  npm run studio -- --sheet [--size 512] [--cell 320] [--seed n] [--index docs/studio-evaluation.md] --out docs/images
  npm run studio -- --styles-sheet [--cell 256] --out sheet.png|sheet.jpg
  npm run studio -- --open-sheet [--size 512] [--cell 320] [--seed n] [--index docs/studio-open-evaluation.md] --out docs/images
  npm run studio -- --held-out-sheet [--size 512] [--cell 320] [--seed n] --out docs/images   (measures the held-out set: it is seen after)
  npm run studio -- --held-out-2-sheet [--size 512] [--cell 320] [--seed n] --out docs/images (the second held-out set, likewise)
  npm run studio -- --held-out-3-sheet [--size 512] [--cell 320] [--seed n] --out docs/images (the third, likewise)
  npm run studio -- --held-out-4-sheet [--size 512] [--cell 320] [--seed n] --out docs/images (the fourth, likewise)
  npm run studio -- --held-out-5-sheet [--size 512] [--cell 320] [--seed n] --out docs/images (the fifth, likewise)
  npm run studio -- --held-out-6-sheet [--size 512] [--cell 320] [--seed n] --out docs/images (the sixth, likewise)
  npm run studio -- --vocabulary [--out docs/studio-vocabulary.md]
Styles: ${STYLE_IDS.join(", ")}`;

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      style: { type: "string", default: "watercolor" },
      seed: { type: "string", default: "1" },
      size: { type: "string" },
      aspect: { type: "string", default: "1:1" },
      strength: { type: "string", default: "0.8" },
      image: { type: "string" },
      doodle: { type: "string" },
      christmas: { type: "boolean", default: false },
      sheet: { type: "boolean", default: false },
      "styles-sheet": { type: "boolean", default: false },
      "open-sheet": { type: "boolean", default: false },
      "held-out-sheet": { type: "boolean", default: false },
      "held-out-2-sheet": { type: "boolean", default: false },
      "held-out-3-sheet": { type: "boolean", default: false },
      "held-out-4-sheet": { type: "boolean", default: false },
      "held-out-5-sheet": { type: "boolean", default: false },
      "held-out-6-sheet": { type: "boolean", default: false },
      vocabulary: { type: "boolean", default: false },
      cell: { type: "string" },
      index: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.vocabulary && !values.help) {
    writeVocabularyReport(values.out);
    return 0;
  }
  if (values.help || !values.out) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const started = performance.now();
  if (values.sheet) {
    const index = values.index ?? path.join(values.out, "..", "studio-evaluation.md");
    await renderEvaluationSheets(values.out, index, {
      // Rendered at the product's smallest size, then shrunk: a style's strokes and cells keep their real scale.
      size: Number(values.size ?? 512),
      cell: Number(values.cell ?? 320),
      seed: Number(values.seed) >>> 0,
    });
  } else if (values["held-out-sheet"]) {
    const index = values.index ?? path.join(values.out, "..", "studio-held-out-evaluation.md");
    await renderOpenSheets(
      values.out,
      index,
      { size: Number(values.size ?? 512), cell: Number(values.cell ?? 320), seed: Number(values.seed) >>> 0 },
      HELD_OUT_SET,
    );
  } else if (LATER_HELD_OUT_SETS.some(([flag]) => values[flag])) {
    const set = LATER_HELD_OUT_SETS.find(([flag]) => values[flag])![1];
    const index = values.index ?? path.join(values.out, "..", `${set.prefix}-evaluation.md`);
    await renderOpenSheets(
      values.out,
      index,
      { size: Number(values.size ?? 512), cell: Number(values.cell ?? 320), seed: Number(values.seed) >>> 0 },
      set,
    );
  } else if (values["open-sheet"]) {
    await renderOpenSheets(values.out, values.index ?? path.join(values.out, "..", "studio-open-evaluation.md"), {
      size: Number(values.size ?? 512),
      cell: Number(values.cell ?? 320),
      seed: Number(values.seed) >>> 0,
    });
  } else if (values["styles-sheet"]) {
    await renderStyleSheet(values.out, Number(values.cell ?? 256));
  } else {
    if (!findStyle(values.style)) throw new Error(`Unknown style "${values.style}". ${USAGE}`);
    const mode: StudioMode = values.image ? "image" : values.doodle ? "doodle" : "text";
    const { width, height } = dimensionsFor(values.aspect, Number(values.size ?? 1024));
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

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Words into lines of at most `width` characters; past `maxLines` the last line ends in "…". */
function wrapWords(text: string, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

function rasterInput(raster: Raster) {
  return {
    input: Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength),
    raw: { width: raster.width, height: raster.height, channels: 4 as const },
  };
}

async function shrunk(raster: Raster, size: number): Promise<Buffer> {
  const { input, raw } = rasterInput(raster);
  return sharp(input, { raw }).resize(size, size).png().toBuffer();
}

/** A sheet's background, its SVG text on top and the pictures, as JPEG (the repository keeps them) or PNG. */
async function writeSheet(out: string, width: number, height: number, svgText: string[], tiles: OverlayOptions[]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="DejaVu Sans, sans-serif" fill="#2b2622">${svgText.join("")}</g></svg>`;
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const sheet = sharp({ create: { width, height, channels: 3, background: "#f6f1e9" } }).composite([
    { input: Buffer.from(svg), left: 0, top: 0 },
    ...tiles,
  ]);
  await (/\.jpe?g$/i.test(out)
    ? sheet.jpeg({ quality: 82, mozjpeg: true })
    : sheet.png({ compressionLevel: 9 })
  ).toFile(out);
}

/** Landscapes down, styles across, one picture: how the styles differ. */
async function renderStyleSheet(out: string, cell: number) {
  const label = 28;
  const gap = 4;
  const left = 220;
  const width = left + SHEET_STYLES.length * (cell + gap);
  const height = label + SHOWCASE_PROMPTS.length * (cell + gap);
  const tiles: OverlayOptions[] = [];
  const text: string[] = [];
  SHEET_STYLES.forEach((style, col) => {
    text.push(
      `<text x="${left + col * (cell + gap) + cell / 2}" y="19" font-size="15" text-anchor="middle">${escapeXml(findStyle(style)!.label)}</text>`,
    );
  });
  for (const [row, prompt] of SHOWCASE_PROMPTS.entries()) {
    const y = label + row * (cell + gap);
    const lines = wrapWords(prompt, 24);
    lines.forEach((line, i) => {
      text.push(
        `<text x="10" y="${y + cell / 2 - (lines.length - 1) * 9 + i * 18}" font-size="15">${escapeXml(line)}</text>`,
      );
    });
    for (const [col, style] of SHEET_STYLES.entries())
      tiles.push({
        ...rasterInput(renderSquare(prompt, style, cell, 7 + row, false)),
        left: left + col * (cell + gap),
        top: y,
      });
  }
  await writeSheet(out, width, height, text, tiles);
}

const EVAL_COLUMNS = 4;
const EVAL_ROWS = 7;

/** What the parser missed of an entry, or what it waits for, in a few words (empty when all is read). */
function evaluationNote(entry: EvaluationPrompt): { note: string; kind: "ok" | "waits" | "pending" | "missed" } {
  const waits = awaitedNames(entry);
  if (waits.length > 0) return { note: `waits for: ${waits.join(", ")}`, kind: "waits" };
  const missed = missedExpectations(entry, parsePrompt(entry.prompt, { christmas: entry.christmas ?? false }));
  if (missed.length === 0) return { note: "", kind: "ok" };
  return { note: `not read: ${missed.join(", ")}`, kind: entry.pending ? "pending" : "missed" };
}

const NOTE_COLOURS = { ok: "#2b2622", waits: "#8a7f74", pending: "#b06a00", missed: "#c0262d" };

interface SheetOptions {
  /** The size each picture is rendered at, and the size of its cell on the sheet. */
  size: number;
  cell: number;
  seed: number;
}

/** A file's path as a Markdown link written in `indexFile`: relative, with forward slashes. */
const linkFrom = (indexFile: string, file: string) =>
  path
    .relative(path.dirname(path.resolve(indexFile)), path.resolve(file))
    .split(path.sep)
    .join("/");

/** A set of prompts to paint on sheets: each with its style, its page and a note on how it was read. */
interface SheetEntry {
  prompt: string;
  style: StyleId;
  christmas?: boolean;
  note: string;
  kind: keyof typeof NOTE_COLOURS;
}

/**
 * Prompts in sheets of 4 × 7 captioned pictures (`<prefix>-1.jpg` …) in `outDir`, stale sheets of
 * the same prefix removed first; returns the files.
 */
async function renderSheets(
  outDir: string,
  prefix: string,
  title: string,
  entries: readonly SheetEntry[],
  options: SheetOptions,
): Promise<string[]> {
  const { size, cell, seed } = options;
  const gap = 10;
  const header = 40;
  const lineHeight = 16;
  const caption = 4 * lineHeight + 6;
  const perSheet = EVAL_COLUMNS * EVAL_ROWS;
  const sheetCount = Math.ceil(entries.length / perSheet);
  const chars = Math.floor(cell / 7.4);
  fs.mkdirSync(outDir, { recursive: true });
  const stale = new RegExp(`^${prefix}-\\d+\\.jpg$`);
  for (const name of fs.readdirSync(outDir).filter((n) => stale.test(n))) fs.rmSync(path.join(outDir, name));

  const files: string[] = [];
  for (let sheet = 0; sheet < sheetCount; sheet++) {
    const page = entries.slice(sheet * perSheet, (sheet + 1) * perSheet);
    const rows = Math.ceil(page.length / EVAL_COLUMNS);
    const width = gap + EVAL_COLUMNS * (cell + gap);
    const height = header + rows * (cell + caption + gap);
    const text = [
      `<text x="${gap}" y="27" font-size="18" font-weight="bold">${escapeXml(title)}, sheet ${sheet + 1} of ${sheetCount} · ${size} px pictures, seed ${seed}</text>`,
    ];
    const tiles: OverlayOptions[] = [];
    for (const [i, entry] of page.entries()) {
      const number = sheet * perSheet + i + 1;
      const left = gap + (i % EVAL_COLUMNS) * (cell + gap);
      const top = header + Math.floor(i / EVAL_COLUMNS) * (cell + caption + gap);
      const started = performance.now();
      const picture = renderSquare(entry.prompt, entry.style, size, seed, entry.christmas ?? false);
      tiles.push({ input: await shrunk(picture, cell), left, top });
      console.log(`${String(number).padStart(3)} ${Math.round(performance.now() - started)} ms  ${entry.prompt}`);
      const lines = [
        `<tspan font-weight="bold">#${number}</tspan> ${escapeXml(findStyle(entry.style)!.label)}${entry.christmas ? " · christmas page" : ""}`,
        ...wrapWords(entry.prompt, chars, 2).map(escapeXml),
        ...(entry.note
          ? [`<tspan fill="${NOTE_COLOURS[entry.kind]}">${escapeXml(wrapWords(entry.note, chars, 1)[0]!)}</tspan>`]
          : []),
      ];
      lines.forEach((line, l) => {
        text.push(`<text x="${left}" y="${top + cell + 15 + l * lineHeight}" font-size="13">${line}</text>`);
      });
    }
    const file = path.join(outDir, `${prefix}-${sheet + 1}.jpg`);
    await writeSheet(file, width, height, text, tiles);
    files.push(file);
  }
  return files;
}

/**
 * The evaluation set in sheets (studio-eval-1.jpg …) in `outDir`, and a Markdown index of them:
 * the evidence that Studio paints what everyday prompts say.
 */
async function renderEvaluationSheets(outDir: string, indexFile: string, options: SheetOptions) {
  const notes = EVALUATION_PROMPTS.map(evaluationNote);
  const entries = EVALUATION_PROMPTS.map((entry, i) => ({
    prompt: entry.prompt,
    style: evaluationStyle(entry),
    ...(entry.christmas ? { christmas: true } : {}),
    ...notes[i]!,
  }));
  const files = await renderSheets(outDir, "studio-eval", "Studio evaluation", entries, options);
  fs.mkdirSync(path.dirname(path.resolve(indexFile)), { recursive: true });
  fs.writeFileSync(indexFile, evaluationIndex(outDir, files, indexFile, notes, options));
  console.log(`${indexFile}: ${files.length} sheets`);
}

/**
 * The open-vocabulary set (issue 28) in sheets (studio-open-1.jpg …) and its Markdown index: each
 * picture with the nouns of its prompt that nothing in it stands for.
 */
/** The public open set, or the held-out set once it is measured (`--held-out-sheet`). */
interface OpenSet {
  prompts: readonly OpenEvaluationPrompt[];
  prefix: string;
  title: string;
  flag: string;
  intro: string[];
}

const PUBLIC_OPEN_SET: OpenSet = {
  prompts: OPEN_EVALUATION_PROMPTS,
  prefix: "studio-open",
  title: "Studio open vocabulary",
  flag: "--open-sheet",
  intro: [
    "# Studio's open vocabulary, evaluated",
    "",
    "A second public evaluation set (issue 28): prompts of the kinds people type on generation sites —",
    "pets by breed, wild animals, food and drink, fantasy and science fiction, vehicles, named cities",
    "and landmarks, seasons and holidays, rooms, the underwater world, people at work and play, everyday",
    "objects — written before Studio read words beyond its own library, from what people type, not from",
    "what Studio draws (`packages/studio/src/evaluation-open.ts`). Sixty more prompts of the same",
    "kinds are kept aside, unread while Studio is tuned (`evaluation-held-out.ts`). Regenerate with:",
  ],
};

const HELD_OUT_SET: OpenSet = {
  prompts: HELD_OUT_PROMPTS,
  prefix: "studio-held-out",
  title: "Studio held-out prompts",
  flag: "--held-out-sheet",
  intro: [
    "# Studio's held-out prompts, measured",
    "",
    "The sixty prompts written beside the open evaluation set and kept aside while Studio was tuned",
    "(`packages/studio/src/evaluation-held-out.ts`, issue 28): what Studio does with words nobody tuned it",
    "to. Once painted here they are no longer unseen: a later round of tuning needs a new held-out set.",
    "Regenerate with:",
  ],
};

const HELD_OUT_SET_2: OpenSet = {
  prompts: HELD_OUT_PROMPTS_2,
  prefix: "studio-held-out-2",
  title: "Studio second held-out prompts",
  flag: "--held-out-2-sheet",
  intro: [
    "# Studio's second held-out prompts, measured",
    "",
    "Sixty prompts of the open set's twelve kinds, five each, written by a helper who did not read Studio's",
    "code, after the first held-out set was measured (`packages/studio/src/evaluation-held-out-2.ts`, issue 28),",
    "and not read while Studio was tuned. Painted once here; from now on they count as seen. Regenerate with:",
  ],
};

const HELD_OUT_SET_3: OpenSet = {
  prompts: HELD_OUT_PROMPTS_3,
  prefix: "studio-held-out-3",
  title: "Studio third held-out prompts",
  flag: "--held-out-3-sheet",
  intro: [
    "# Studio's third held-out prompts, measured",
    "",
    "Sixty prompts of the open set's twelve kinds, five each, written on 2026-11-28 by a helper who did not",
    "read Studio's code, after the second held-out set was measured, and told not to repeat any prompt of the",
    "earlier sets (`packages/studio/src/evaluation-held-out-3.ts`, issue 28). Not read while Studio was tuned;",
    "painted once here, and seen from now on. Regenerate with:",
  ],
};

const HELD_OUT_SET_4: OpenSet = {
  prompts: HELD_OUT_PROMPTS_4,
  prefix: "studio-held-out-4",
  title: "Studio fourth held-out prompts",
  flag: "--held-out-4-sheet",
  intro: [
    "# Studio's fourth held-out prompts, measured",
    "",
    "Sixty everyday prompts of the open set's twelve kinds, five each, written on 2026-11-28 by a helper who did",
    "not read Studio's code, after the third held-out set was measured (`packages/studio/src/evaluation-held-out-4.ts`,",
    "issue 28). Not read while Studio was tuned; painted once here, and seen from now on. Regenerate with:",
  ],
};

const HELD_OUT_SET_5: OpenSet = {
  prompts: HELD_OUT_PROMPTS_5,
  prefix: "studio-held-out-5",
  title: "Studio fifth held-out prompts",
  flag: "--held-out-5-sheet",
  intro: [
    "# Studio's fifth held-out prompts, measured",
    "",
    "Sixty everyday prompts of the open set's twelve kinds, five each, written on 2026-11-28 by a helper who did",
    "not read Studio's code, after the fourth held-out set was measured (`packages/studio/src/evaluation-held-out-5.ts`,",
    "issue 28). Not read while Studio was tuned; painted once here, and seen from now on. Regenerate with:",
  ],
};

const HELD_OUT_SET_6: OpenSet = {
  prompts: HELD_OUT_PROMPTS_6,
  prefix: "studio-held-out-6",
  title: "Studio sixth held-out prompts",
  flag: "--held-out-6-sheet",
  intro: [
    "# Studio's sixth held-out prompts, measured",
    "",
    "Sixty everyday prompts of the open set's twelve kinds, five each, written on 2026-11-28 by a helper who did",
    "not read Studio's code, after the fifth held-out set was measured (`packages/studio/src/evaluation-held-out-6.ts`,",
    "issue 28). Not read while Studio was tuned; painted once here, and seen from now on. Regenerate with:",
  ],
};

/** The held-out sets after the first, by the flag that paints each. */
const LATER_HELD_OUT_SETS = [
  ["held-out-2-sheet", HELD_OUT_SET_2],
  ["held-out-3-sheet", HELD_OUT_SET_3],
  ["held-out-4-sheet", HELD_OUT_SET_4],
  ["held-out-5-sheet", HELD_OUT_SET_5],
  ["held-out-6-sheet", HELD_OUT_SET_6],
] as const;

async function renderOpenSheets(outDir: string, indexFile: string, options: SheetOptions, set = PUBLIC_OPEN_SET) {
  const entries: SheetEntry[] = set.prompts.map((entry) => {
    const { missing } = drawnNouns(entry);
    return {
      prompt: entry.prompt,
      style: styleNamedIn(entry.prompt) ?? DEFAULT_STYLE,
      note: missing.length > 0 ? `not drawn: ${missing.join(", ")}` : "",
      kind: missing.length > 0 ? "pending" : "ok",
    };
  });
  const files = await renderSheets(outDir, set.prefix, set.title, entries, options);
  const drawn = set.prompts.reduce((n, e) => n + drawnNouns(e).drawn.length, 0);
  const nouns = set.prompts.reduce((n, e) => n + e.expect.length, 0);
  const perSheet = EVAL_COLUMNS * EVAL_ROWS;
  const lines = [
    ...set.intro,
    "",
    "```bash",
    `npm run studio -- ${set.flag} --out ${outDir}`,
    "```",
    "",
    `${entries.length} prompts, ${options.size} px pictures, seed ${options.seed}, in the style a prompt names or the default. Of the ${nouns} things their prompts name, ${drawn} are drawn; each picture's caption names the others. Whether each picture is recognisable is for the eye: the sheets are here for that.`,
    "",
  ];
  files.forEach((file, sheet) => {
    const image = linkFrom(indexFile, file);
    lines.push(`## Sheet ${sheet + 1}`, "", `![${set.title}, sheet ${sheet + 1}](${image})`, "");
    lines.push("| # | Kind | Prompt | Should show | Not drawn |", "| --- | --- | --- | --- | --- |");
    for (let i = sheet * perSheet; i < Math.min(entries.length, (sheet + 1) * perSheet); i++) {
      const entry = set.prompts[i]!;
      const cellText = (t: string) => t.replace(/\|/g, "\\|");
      lines.push(
        `| ${i + 1} | ${entry.category} | ${cellText(entry.prompt)} | ${entry.expect.join(", ")} | ${drawnNouns(entry).missing.join(", ")} |`,
      );
    }
    lines.push("");
  });
  fs.mkdirSync(path.dirname(path.resolve(indexFile)), { recursive: true });
  fs.writeFileSync(indexFile, lines.join("\n"));
  console.log(`${indexFile}: ${files.length} sheets`);
}

function evaluationIndex(
  outDir: string,
  files: string[],
  indexFile: string,
  notes: ReturnType<typeof evaluationNote>[],
  { size, seed }: SheetOptions,
): string {
  const perSheet = EVAL_COLUMNS * EVAL_ROWS;
  const tally = (kind: string) => notes.filter((n) => n.kind === kind).length;
  const cellText = (s: string) => s.replace(/\|/g, "\\|");
  const lines = [
    "# Studio evaluation",
    "",
    "Studio, the offline engine, paints a public set of everyday prompts — every kind of subject, things",
    "placed on, in, by, above and under others, numbers, colours, times of day, weather, rooms and every",
    "style — so anyone can see what it makes of them (issue 19). The set, with what each picture should",
    "show, is `packages/studio/src/evaluation-prompts.ts`; `packages/studio/test/studio-evaluation.test.ts`",
    "checks that the prompt parser reads every expectation. Regenerate the sheets and this page with:",
    "",
    "```bash",
    `npm run studio -- --sheet --out ${outDir}`,
    "```",
    "",
    `${notes.length} prompts, ${size} px pictures, seed ${seed}. The prompt parser reads every expectation of ${tally("ok")}${tally("pending") + tally("missed") ? `, part of ${tally("pending") + tally("missed")}` : ""}${tally("waits") ? `; ${tally("waits")} wait for subjects the library does not have yet` : ""}. Whether each picture shows what it should is for the eye: the sheets are here for that.`,
    "",
  ];
  files.forEach((file, sheet) => {
    const image = linkFrom(indexFile, file);
    lines.push(`## Sheet ${sheet + 1}`, "", `![Studio evaluation sheet ${sheet + 1}](${image})`, "");
    lines.push("| # | Prompt | Style | Should show | Not read yet |", "| --- | --- | --- | --- | --- |");
    for (let i = sheet * perSheet; i < Math.min(notes.length, (sheet + 1) * perSheet); i++) {
      const entry = EVALUATION_PROMPTS[i]!;
      const shows = entry.expect.join(", ");
      const note = notes[i]!.note.replace(/^[a-z ]+: /, "") + (entry.pending ? ` (${entry.pending})` : "");
      lines.push(
        `| ${i + 1} | ${cellText(entry.prompt)} | ${findStyle(evaluationStyle(entry))!.label} | ${cellText(shows)} | ${cellText(note)} |`,
      );
    }
    lines.push("");
  });
  return lines.join("\n");
}

/**
 * How many nouns Studio draws, and how (issue 28): the public sets' nouns and WordNet's 1,000
 * commonest concrete nouns, as counts on the console and, with --out, a Markdown page listing them.
 */
function writeVocabularyReport(out: string | undefined): void {
  const report = vocabularyReport();
  const share = (n: number, total: number) => `${((100 * n) / total).toFixed(1)} %`;
  const row = (name: string, sources: NounSource[]) => {
    const c = countSources(sources);
    const drawn = c.total - c.none;
    return `| ${name} | ${c.total} | ${c.library} | ${c.art} | ${c.wordnet} | ${c.none} | ${drawn} (${share(drawn, c.total)}) |`;
  };
  const table = [
    "| Nouns | All | Studio's own (library, landscape, rooms) | A drawing named by the word | Through WordNet | Not drawn | Drawn |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    row("Public evaluation sets", report.publicSets),
    row("WordNet's 1,000 commonest concrete nouns", report.common),
  ];
  console.log(table.join("\n"));
  if (!out) return;
  const list = (sources: NounSource[], source: Source) =>
    sources
      .filter((n) => n.source === source)
      .map((n) => (n.drawn && n.drawn !== n.noun ? `${n.noun} → ${n.drawn}` : n.noun))
      .join(", ");
  const lines = [
    "# Studio's vocabulary",
    "",
    "How many nouns Studio draws, and how (issue 28, ADR 0046): the nouns the public evaluation sets expect to",
    "see, and the 1,000 nouns of things (animals, artifacts, body parts, food, natural objects, people, plants,",
    "substances) most often tagged in WordNet 3.1's semantic concordance (`index.sense`). Each noun is read",
    "alone, as a one-word prompt. Regenerate with `npm run studio -- --vocabulary --out docs/studio-vocabulary.md`.",
    "",
    ...table,
    "",
    "## Public evaluation sets",
    "",
    `**Through WordNet:** ${list(report.publicSets, "wordnet")}`,
    "",
    `**Not drawn:** ${list(report.publicSets, "none")}`,
    "",
    "## WordNet's 1,000 commonest concrete nouns",
    "",
    `**Studio's own:** ${list(report.common, "library")}`,
    "",
    `**A drawing named by the word:** ${list(report.common, "art")}`,
    "",
    `**Through WordNet:** ${list(report.common, "wordnet")}`,
    "",
    `**Not drawn:** ${list(report.common, "none")}`,
    "",
    `**Not drawn, by the kind WordNet files the commonest sense under:** ${kindsOf(report.common.filter((n) => n.source === "none"))}.`,
    "Substances (gases, chemicals, materials), parts of the body inside it and senses a picture cannot show",
    '("surface", "system", "thing") make most of them: the art sets draw things with a shape.',
    "",
  ];
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, lines.join("\n"));
  console.log(out);
}

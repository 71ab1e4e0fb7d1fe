#!/usr/bin/env node
/**
 * Writes src/vocabulary/emoji-words.json: the English CLDR names and keywords
 * of the emoji Studio may draw, taken from emojibase-data (MIT). Only this English extract ships,
 * not the package's forty locales (issue 28 caps what `npm install` adds).
 *
 *   npm pack emojibase-data@17 && tar xzf emojibase-data-17.*.tgz
 *   node scripts/extract-emoji-words.mjs package
 *
 * Smileys, hands, symbols and flags are left out: Studio draws things, not signs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const from = process.argv[2];
if (!from) {
  console.error("usage: node scripts/extract-emoji-words.mjs <emojibase-data folder>");
  process.exit(2);
}
const data = JSON.parse(readFileSync(join(from, "en/data.json"), "utf8"));
const { subgroups } = JSON.parse(readFileSync(join(from, "meta/groups.json"), "utf8"));
const { version } = JSON.parse(readFileSync(join(from, "package.json"), "utf8"));

// Whole groups of things, and the few subgroups of the others that are things too.
const THING_GROUPS = new Set([3, 4, 5, 6, 7]);
const THING_SUBGROUPS = new Set([
  "face-costume",
  "heart",
  "person",
  "person-role",
  "person-fantasy",
  "person-activity",
  "person-sport",
  "person-resting",
  "body-parts",
  "hand-fingers-open",
  "hand-single-finger",
]);

const rows = [];
for (const emoji of data) {
  const subgroup = subgroups[String(emoji.subgroup)];
  if (!THING_GROUPS.has(emoji.group) && !THING_SUBGROUPS.has(subgroup)) continue;
  const hexcode = emoji.hexcode.toLowerCase().replace(/-fe0f/g, "");
  rows.push([hexcode, emoji.label, (emoji.tags ?? []).join(" "), subgroup, emoji.skins ? 1 : 0]);
}
const lines = rows.map((row) => JSON.stringify(row));
const header = JSON.stringify({
  source: `emojibase-data ${version} (MIT), en/data.json`,
  columns: ["hexcode", "label", "tags", "subgroup", "skins"],
});
writeFileSync(
  resolve(import.meta.dirname, "../src/vocabulary/emoji-words.json"),
  `{"about":${header},\n"emoji":[\n${lines.join(",\n")}\n]}\n`,
);
console.log(`${rows.length} emoji written`);

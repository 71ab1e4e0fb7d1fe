// Prints one closing line for the whole test run from Vitest's and Playwright's JSON reports.
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (vitestFile && fs.existsSync(vitestFile)) {
  const report = JSON.parse(fs.readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (playwrightFile && fs.existsSync(playwrightFile)) {
  const stats = JSON.parse(fs.readFileSync(playwrightFile, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);

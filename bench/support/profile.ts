/** A V8 CPU profile (`node --cpu-prof`) summed up for the load benchmarks. */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * The functions with the most time of their own in a V8 CPU profile, and the share of the samples
 * each had — counted from the end of the longest idle stretch (the pause before the measured load).
 */
export function summariseProfile(file: string, root: string, top = 25): string[] {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === "(idle)";
  let [best, bestEnd, run] = [0, 0, 0];
  profile.samples.forEach((id, i) => {
    if (!isIdle(id)) {
      run = 0;
      return;
    }
    run += profile.timeDeltas[i] ?? 0;
    if (run > best) [best, bestEnd] = [run, i + 1];
  });
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const id of profile.samples.slice(bestEnd)) {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^file:\/\//, "").replace(`${root}/`, "");
    const name = `${frame.functionName || "(anonymous)"} ${where ? `${where}:${frame.lineNumber + 1}` : ""}`.trim();
    self.set(name, (self.get(name) ?? 0) + 1);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where ? where.split("/")[0]! : frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
  }
  const total = profile.samples.length - bestEnd;
  const pct = (k: number) => `${((k / total) * 100).toFixed(1).padStart(5)} %`;
  return [
    `${total} samples; by where the time was spent:`,
    ...[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([pkg, k]) => `  ${pct(k)}  ${pkg}`),
    "functions with the most time of their own:",
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, k]) => `  ${pct(k)}  ${name}`),
  ];
}

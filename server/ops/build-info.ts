/** The running build's identity, published at /builds/latest.json and /api/version (spec §4, §7). */
export interface BuildInfo {
  /** React Router's manifest version: changes whenever any client asset changes. */
  id: string;
  /** When the build was made, in milliseconds since the epoch. */
  timestamp: number;
}

let current: BuildInfo = { id: "unknown", timestamp: 0 };

export function setBuildInfo(info: BuildInfo) {
  current = info;
}

export function getBuildInfo(): BuildInfo {
  return current;
}

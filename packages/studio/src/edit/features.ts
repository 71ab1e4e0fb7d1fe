/**
 * One-off features of a picture that a fill must not copy: small, compact, high-contrast blobs —
 * a sun, a moon, a lamp, a lone dark disc. Copied into a hole they become a second sun beside the
 * first. Found in the known part of the picture as the connected areas that stand far out from
 * their neighbourhood's mean luma (at three contrasts, so a moon comes apart from the lit cloud
 * it touches), are small, nearly round (most of their pixels fill the disc they lie in) and set
 * in plain surroundings (a sky, a wall: not one of many blobs of a flower bed or a rock face);
 * grown to about twice their radius, so their rim and glow are left out too.
 */

export interface FeatureOptions {
  /** Least luma difference from the neighbourhood's mean (0..255). */
  contrast?: number;
  /** Least fill of the disc around the centroid out to the farthest pixel (a disc ≈ 0.85–1, a cloud far less). */
  compactness?: number;
  /** Most luma spread (standard deviation) of the ring around a feature: a sun's sky is plain, a flower bed is not. */
  plainness?: number;
  /**
   * Known pixels that are about to be replaced (a removal's masked area: the source is still
   * there). Features are found with them — a sun half under the mask's soft edge is still a
   * sun — but one lying mostly in them is what is being removed, and is left alone.
   */
  removed?: (i: number) => boolean;
}

/** `avoid`: 1 where a patch must not be copied from (a compact feature or its rim); `count`: how many features. */
export function compactFeatures(
  rgb: Float32Array,
  width: number,
  height: number,
  known: (i: number) => boolean,
  options: FeatureOptions = {},
): { avoid: Uint8Array; count: number } {
  const w = width;
  const h = height;
  const n = w * h;
  const contrast = options.contrast ?? 48;
  const compactness = options.compactness ?? 0.55;
  const plainness = options.plainness ?? 26;
  const short = Math.min(w, h);
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = 0.2126 * rgb[i * 3]! + 0.7152 * rgb[i * 3 + 1]! + 0.0722 * rgb[i * 3 + 2]!;
  // The neighbourhood's mean luma over the known pixels (a box a few feature radii wide).
  const radius = Math.max(4, Math.round(short * 0.07));
  const background = boxMean(luma, w, h, radius, known);
  const avoid = new Uint8Array(n);
  const sign = new Uint8Array(n);
  const label = new Int32Array(n);
  const stack: number[] = [];
  const members: number[] = [];
  const minRadius = Math.max(2.5, short * 0.008);
  const maxRadius = short * 0.12;
  let count = 0;
  // At the contrast asked and above it: a moon comes apart from the lit cloud it touches.
  for (const level of [contrast, contrast * 1.5, contrast * 2]) {
    // Pixels far brighter (1) or darker (2) than their neighbourhood.
    sign.fill(0);
    label.fill(-1);
    for (let i = 0; i < n; i++) {
      if (!known(i)) continue;
      const d = luma[i]! - background[i]!;
      if (d > level) sign[i] = 1;
      else if (d < -level) sign[i] = 2;
    }
    for (let start = 0; start < n; start++) {
      if (!sign[start] || label[start]! >= 0) continue;
      const s = sign[start]!;
      members.length = 0;
      stack.push(start);
      label[start] = start;
      let touchesEdge = false;
      let inRemoved = 0;
      let sx = 0;
      let sy = 0;
      while (stack.length > 0) {
        const i = stack.pop()!;
        members.push(i);
        if (options.removed?.(i)) inRemoved++;
        const x = i % w;
        const y = (i - x) / w;
        sx += x;
        sy += y;
        if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesEdge = true;
        for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
          if (j < 0 || sign[j] !== s || label[j]! >= 0) continue;
          label[j] = start;
          stack.push(j);
        }
      }
      const area = members.length;
      const r = Math.sqrt(area / Math.PI);
      if (touchesEdge || r < minRadius || r > maxRadius || inRemoved > area / 2) continue;
      const cx = sx / area;
      const cy = sy / area;
      // How far its pixels reach from its middle: most of them (a wisp of cloud touching a moon
      // does not make it less round), and all of them (what is left out around it).
      const distances = new Float32Array(area);
      for (let k = 0; k < area; k++) {
        const i = members[k]!;
        const x = i % w;
        distances[k] = (x - cx) ** 2 + ((i - x) / w - cy) ** 2;
      }
      distances.sort();
      const reach = Math.sqrt(distances[Math.floor((area - 1) * 0.85)]!) + 0.5;
      const far = Math.sqrt(distances[area - 1]!) + 0.5;
      // 85 % of a disc's pixels lie within 0.92 of its radius.
      if ((area * 0.85) / (Math.PI * reach * reach) < compactness) continue;
      // Its surroundings are plain (a sky, a wall), not a texture of such blobs (a flower bed, a rock face).
      let rs = 0;
      let rs2 = 0;
      let rn = 0;
      const ring = Math.max(reach * 2, far + reach * 0.8) + 2;
      for (let y = Math.max(0, Math.floor(cy - ring)); y <= Math.min(h - 1, Math.ceil(cy + ring)); y++)
        for (let x = Math.max(0, Math.floor(cx - ring)); x <= Math.min(w - 1, Math.ceil(cx + ring)); x++) {
          const d2 = (x - cx) ** 2 + (y - cy) ** 2;
          const i = y * w + x;
          if (d2 > ring * ring || d2 <= (far + 1) ** 2 || !known(i) || label[i] === start) continue;
          rs += luma[i]!;
          rs2 += luma[i]! * luma[i]!;
          rn++;
        }
      const spread = rn > 0 ? Math.sqrt(Math.max(0, rs2 / rn - (rs / rn) ** 2)) : 0;
      if (spread > plainness) continue;
      // Found at the lower contrast already.
      if (avoid[Math.round(cy) * w + Math.round(cx)]) continue;
      count++;
      // The feature and its rim: a disc about twice its radius.
      const grow = Math.max(reach * 2, far * 1.3) + 2;
      const x0 = Math.max(0, Math.floor(cx - grow));
      const x1 = Math.min(w - 1, Math.ceil(cx + grow));
      const y0 = Math.max(0, Math.floor(cy - grow));
      const y1 = Math.min(h - 1, Math.ceil(cy + grow));
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= grow * grow) avoid[y * w + x] = 1;
    }
  }
  return { avoid, count };
}

/** The mean of `values` over the known pixels within a box of half-side r (summed-area tables). */
function boxMean(values: Float32Array, w: number, h: number, r: number, known: (i: number) => boolean): Float32Array {
  const W = w + 1;
  const sum = new Float64Array(W * (h + 1));
  const cnt = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rs = 0;
    let rc = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (known(i)) {
        rs += values[i]!;
        rc++;
      }
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1]! + rs;
      cnt[(y + 1) * W + x + 1] = cnt[y * W + x + 1]! + rc;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s = sum[y1 * W + x1]! - sum[y0 * W + x1]! - sum[y1 * W + x0]! + sum[y0 * W + x0]!;
      const c = cnt[y1 * W + x1]! - cnt[y0 * W + x1]! - cnt[y1 * W + x0]! + cnt[y0 * W + x0]!;
      out[y * w + x] = c > 0 ? s / c : values[y * w + x]!;
    }
  }
  return out;
}

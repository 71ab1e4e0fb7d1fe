/**
 * Delaunay triangulation by Bowyer–Watson with an x-sweep (Bourke): points are inserted in
 * order of x, and a triangle whose circumcircle lies wholly left of the sweep can never be
 * invalidated again, so it leaves the working set. That keeps the set small (≈ √n triangles
 * on average) and the whole triangulation near O(n^1.5) — a few ms for 3k points.
 */
export function delaunay(xs: Float64Array, ys: Float64Array): Int32Array {
  const n = xs.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xs[i]!);
    minY = Math.min(minY, ys[i]!);
    maxX = Math.max(maxX, xs[i]!);
    maxY = Math.max(maxY, ys[i]!);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1) * 20;
  const midX = (minX + maxX) / 2;
  const midY = (minY + maxY) / 2;
  // Vertex list: the input points, then three super-triangle corners.
  const vx = new Float64Array(n + 3);
  const vy = new Float64Array(n + 3);
  vx.set(xs);
  vy.set(ys);
  vx[n] = midX - span;
  vy[n] = midY - span;
  vx[n + 1] = midX;
  vy[n + 1] = midY + span;
  vx[n + 2] = midX + span;
  vy[n + 2] = midY - span;

  interface Tri {
    a: number;
    b: number;
    c: number;
    cx: number;
    cy: number;
    r2: number;
  }
  const make = (a: number, b: number, c: number): Tri => {
    const ax = vx[a]!;
    const ay = vy[a]!;
    const bx = vx[b]!;
    const by = vy[b]!;
    const cx = vx[c]!;
    const cy = vy[c]!;
    const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
    if (Math.abs(d) < 1e-12) return { a, b, c, cx: ax, cy: ay, r2: Infinity };
    const a2 = ax * ax + ay * ay;
    const b2 = bx * bx + by * by;
    const c2 = cx * cx + cy * cy;
    const ux = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
    const uy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
    return { a, b, c, cx: ux, cy: uy, r2: (ax - ux) ** 2 + (ay - uy) ** 2 };
  };

  let open: Tri[] = [make(n, n + 1, n + 2)];
  const closed: Tri[] = [];
  const edges: number[] = [];
  for (const p of order) {
    const px = vx[p]!;
    const py = vy[p]!;
    edges.length = 0;
    const keep: Tri[] = [];
    for (const t of open) {
      const dx = px - t.cx;
      // Circumcircle entirely left of the sweep: final.
      if (dx > 0 && dx * dx > t.r2) {
        closed.push(t);
        continue;
      }
      const dy = py - t.cy;
      if (dx * dx + dy * dy < t.r2) edges.push(t.a, t.b, t.b, t.c, t.c, t.a);
      else keep.push(t);
    }
    // The cavity's boundary: edges that belong to exactly one removed triangle.
    for (let i = 0; i < edges.length; i += 2) {
      const a = edges[i]!;
      const b = edges[i + 1]!;
      if (a < 0) continue;
      let dup = false;
      for (let j = i + 2; j < edges.length; j += 2) {
        if ((edges[j] === b && edges[j + 1] === a) || (edges[j] === a && edges[j + 1] === b)) {
          edges[j] = edges[j + 1] = -1;
          dup = true;
        }
      }
      if (!dup) keep.push(make(a, b, p));
    }
    open = keep;
  }
  const out: number[] = [];
  for (const t of closed.concat(open)) if (t.a < n && t.b < n && t.c < n) out.push(t.a, t.b, t.c);
  return Int32Array.from(out);
}

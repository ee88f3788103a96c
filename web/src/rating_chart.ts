// The rating-history chart of the player page: an SVG drawn here from the
// [time, rating] points of GET /api/players/<id>/ratings (no chart library,
// no inline style: the CSP refuses style attributes, so colours are classes).
import { s } from './dom';

export const CHART_W = 600;
export const CHART_H = 200;
const PAD = { left: 44, right: 10, top: 10, bottom: 24 };

export interface ChartGeometry {
  path: string; // the polyline's `d`
  dots: [number, number][];
  ticks: { y: number; label: string }[]; // horizontal grid lines
  yOf: (rating: number) => number;
}

// The drawing in viewBox units. The rating axis spans the points rounded out
// to whole steps of 50, 100 or 250 (at least two steps, labelled); time runs
// left to right, or the match number when every point has the same time.
export function chartGeometry(points: readonly [number, number][]): ChartGeometry {
  const ratings = points.map((p) => p[1]);
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  const step = max - min <= 150 ? 50 : max - min <= 400 ? 100 : 250;
  let lo = Math.floor(min / step) * step;
  let hi = Math.ceil(max / step) * step;
  if (hi - lo < 2 * step) {
    const mid = Math.round((min + max) / 2 / step) * step;
    lo = mid - step;
    hi = mid + step;
  }
  const t0 = points[0]?.[0] ?? 0;
  const t1 = points[points.length - 1]?.[0] ?? 0;
  const byTime = t1 > t0;
  const w = CHART_W - PAD.left - PAD.right;
  const h = CHART_H - PAD.top - PAD.bottom;
  const xOf = (i: number) =>
    PAD.left +
    (byTime ? ((points[i][0] - t0) / (t1 - t0)) * w : points.length > 1 ? (i / (points.length - 1)) * w : w / 2);
  const yOf = (r: number) => PAD.top + ((hi - r) / (hi - lo)) * h;
  const dots = points.map((p, i): [number, number] => [round1(xOf(i)), round1(yOf(p[1]))]);
  const path = dots.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');
  const ticks: { y: number; label: string }[] = [];
  for (let r = lo; r <= hi; r += step) ticks.push({ y: round1(yOf(r)), label: String(r) });
  return { path, dots, ticks, yOf };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

// `label` names the chart for screen readers (role img); `dates` are the
// first and last point's dates, written under the axis.
export function ratingChart(points: readonly [number, number][], label: string, dates: [string, string]): SVGElement {
  const g = chartGeometry(points);
  const svg = s('svg', {
    class: 'rating-chart',
    viewBox: `0 0 ${CHART_W} ${CHART_H}`,
    role: 'img',
    'aria-label': label,
  });
  for (const tick of g.ticks) {
    svg.append(
      s('line', { class: 'grid', x1: PAD.left, x2: CHART_W - PAD.right, y1: tick.y, y2: tick.y }),
      s('text', { class: 'tick', x: PAD.left - 6, y: tick.y + 4, 'text-anchor': 'end' }, tick.label),
    );
  }
  const base = CHART_H - 6;
  svg.append(
    s('text', { class: 'tick', x: PAD.left, y: base }, dates[0]),
    s('text', { class: 'tick', x: CHART_W - PAD.right, y: base, 'text-anchor': 'end' }, dates[1]),
    s('path', { class: 'line', d: g.path }),
  );
  // Dots while they can be told apart.
  if (g.dots.length <= 80) for (const [x, y] of g.dots) svg.append(s('circle', { class: 'dot', cx: x, cy: y, r: 3 }));
  return svg;
}

// The player page's rating chart (rating_chart.ts) and the rating as shown
// (format.ts): the drawing's geometry from the [time, rating] points.
import { describe, expect, it } from 'vitest';
import { ratingText } from '../../src/format';
import { CHART_H, CHART_W, chartGeometry } from '../../src/rating_chart';

describe('rating chart', () => {
  it('runs left to right in time and puts higher ratings higher', () => {
    const g = chartGeometry([
      [1000, 1500],
      [2000, 1620],
      [4000, 1580],
    ]);
    const xs = g.dots.map((d) => d[0]);
    const ys = g.dots.map((d) => d[1]);
    expect(xs[0]).toBeLessThan(xs[1]);
    expect(xs[2] - xs[1]).toBeCloseTo(2 * (xs[1] - xs[0]), 0); // time, not match number
    expect(ys[1]).toBeLessThan(ys[2]);
    expect(ys[2]).toBeLessThan(ys[0]);
    for (const [x, y] of g.dots) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(CHART_W);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(CHART_H);
    }
    expect(g.path).toBe(g.dots.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' '));
  });

  it('labels the rating axis in round steps that cover every point', () => {
    const g = chartGeometry([
      [0, 1437],
      [1, 1811],
    ]);
    const labels = g.ticks.map((t) => Number(t.label));
    expect(labels[0]).toBeLessThanOrEqual(1437);
    expect(labels[labels.length - 1]).toBeGreaterThanOrEqual(1811);
    for (let i = 1; i < labels.length; i++) expect(labels[i] - labels[i - 1]).toBe(100);
    // A tick sits where its rating is drawn.
    for (const t of g.ticks) expect(t.y).toBeCloseTo(g.yOf(Number(t.label)), 0);
  });

  it('spreads points of one instant by match number and keeps a flat line inside', () => {
    const g = chartGeometry([
      [5, 1500],
      [5, 1500],
      [5, 1500],
    ]);
    expect(new Set(g.dots.map((d) => d[0])).size).toBe(3);
    expect(new Set(g.dots.map((d) => d[1])).size).toBe(1);
    expect(g.dots[0][1]).toBeGreaterThan(0);
    expect(g.dots[0][1]).toBeLessThan(CHART_H);
  });
});

describe('rating text', () => {
  it('rounds, and marks a provisional rating with "?"', () => {
    expect(ratingText(1620.8, true)).toBe('1621?');
    expect(ratingText(1499.4, false)).toBe('1499');
  });
});

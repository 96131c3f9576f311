import { describe, expect, it } from 'vitest';
import { labelledPoints } from './analytics-chart';

const hour = 3600;
const day = 24 * hour;
const points = (count: number, step: number) => Array.from({ length: count }, (_value, index) => index * step);

describe('labelledPoints', () => {
  it('labels every day of a week once, and nothing between the days', () => {
    expect(labelledPoints(points(7, day), 800, 'day')).toEqual(points(7, day));
  });

  it('labels every n-th day of a long range, each day at most once', () => {
    const labelled = labelledPoints(points(90, day), 640, 'day');
    expect(labelled.length).toBeLessThanOrEqual(10);
    expect(new Set(labelled).size).toBe(labelled.length);
    expect(labelled.every((at) => at % day === 0)).toBe(true);
  });

  it('labels hours on round steps of hours that fit', () => {
    expect(labelledPoints(points(24, hour), 960, 'hour')).toEqual(points(8, 3 * hour));
    expect(labelledPoints(points(11, hour), 1200, 'hour')).toEqual(points(11, hour));
  });
});

import { describe, expect, it } from 'vitest';
import { SAMPLE_COMERCIOS } from '#shared/sample/comercios';
import { sampleOpinionCount, SAMPLE_VISITORS, spreadStars } from './opiniones';

describe('sample opinions', () => {
  it("give each sample business the listed rating as their rounded mean, from distinct visitors' 1-5 stars", () => {
    SAMPLE_COMERCIOS.forEach((sample, i) => {
      const { n, total } = sampleOpinionCount(sample.rating, i);
      expect(n).toBeLessThanOrEqual(SAMPLE_VISITORS.length);
      const stars = spreadStars(n, total, i);
      expect(stars).toHaveLength(n);
      for (const s of stars) expect(s === Math.trunc(s) && s >= 1 && s <= 5).toBe(true);
      const mean = stars.reduce((a, b) => a + b, 0) / n;
      expect(Math.round(mean * 10) / 10).toBe(sample.rating);
    });
  });

  it('spread the stars over more than one value when the mean allows it', () => {
    expect(new Set(spreadStars(10, 45, 0)).size).toBeGreaterThan(1);
  });
});

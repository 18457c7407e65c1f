import { describe, expect, it } from '@jest/globals';
import { DOCUMENT_MODEL_BYTES, measureDocumentModel } from './document-model.ts';

describe('the document model benchmark', () => {
  it('times each save of a document of at least 100 kB, deriving and applying (freshly decoded and from the kept copy)', () => {
    const figures = measureDocumentModel(3);
    expect(figures.bytes).toBeGreaterThanOrEqual(DOCUMENT_MODEL_BYTES);
    for (const moment of [figures.derive, figures.apply, figures.applyKept!]) {
      expect(moment.samples).toBe(3);
      expect(moment.p50Ms).toBeGreaterThan(0);
      expect(moment.maxMs).toBeGreaterThanOrEqual(moment.p99Ms);
    }
  });
});

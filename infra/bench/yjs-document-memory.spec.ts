import { describe, expect, it } from '@jest/globals';
import { measureYjsDocumentMemory } from './yjs-document-memory.ts';

const section = (n: number) => `## Section ${n}\n\n${'- A requirement that is measurable and has an owner.\n'.repeat(10)}`;
const prd = (sections: number) => `# Checkout redesign\n\n${Array.from({ length: sections }, (_, i) => section(i)).join('\n')}`;

describe('memory of a document in bare Yjs documents', () => {
  it('grows with the document: each copy of four times the sections holds more than twice the memory of one', () => {
    const one = measureYjsDocumentMemory(prd(2), 50);
    const four = measureYjsDocumentMemory(prd(8), 50);
    expect(one.kib).toBeGreaterThan(0);
    expect(four.kib).toBeGreaterThan(2 * one.kib);
    expect(four.documentBytes).toBe(Buffer.byteLength(prd(8)));
    expect(four.stateBytes).toBeGreaterThan(four.documentBytes);
    expect(four.copies).toBe(50);
  });
});

/** @jest-environment jsdom */
import '../../test/dom-setup';
import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { useCommitted } from './use-committed';

describe('useCommitted', () => {
  it('is false in the first render and true in the one its commit starts, before anything else runs; then stays true', () => {
    const seen: boolean[] = [];
    function Probe({ n }: { n: number }) {
      seen.push(useCommitted());
      return <p>{n}</p>;
    }
    const { rerender } = render(<Probe n={1} />);
    // render() returns after the commit and the layout effect's update, which React renders synchronously.
    expect(seen).toEqual([false, true]);
    rerender(<Probe n={2} />);
    expect(seen).toEqual([false, true, true]);
  });
});

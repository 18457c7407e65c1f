import { describe, expect, it } from '@jest/globals';
import { safeCallbackPath } from './safe-callback-path';

describe('safeCallbackPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeCallbackPath('/projects?tab=all#top')).toBe('/projects?tab=all#top');
  });

  it.each([null, '', 'projects', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])('refuses %p', (raw) => {
    expect(safeCallbackPath(raw)).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { exportFileName, fallbackFileName } from './export-file-name';

describe('exportFileName', () => {
  it('prefers the UTF-8 filename* of the server', () => {
    expect(exportFileName(`attachment; filename="cafe-plan.docx"; filename*=UTF-8''caf%C3%A9-plan.docx`, 'Café Plan', 'docx')).toBe('café-plan.docx');
  });

  it('uses the quoted filename when no filename* is given', () => {
    expect(exportFileName('attachment; filename="launch-plan.md"', 'Launch Plan', 'markdown')).toBe('launch-plan.md');
  });

  it('reads an unquoted token filename, as the export service sends plain ASCII names', () => {
    expect(exportFileName('attachment; filename=launch-plan.md', 'Launch Plan', 'markdown')).toBe('launch-plan.md');
  });

  it('falls back to the title for a header it cannot read or one without a filename', () => {
    expect(exportFileName('attachment; filename="unterminated', 'Launch Plan', 'markdown')).toBe('launch-plan.md');
    expect(exportFileName('attachment', 'Launch Plan', 'docx')).toBe('launch-plan.docx');
  });

  it('builds the name of docs/product.md §9 from the title without a header', () => {
    expect(exportFileName(null, 'Launch  Plan Q3', 'markdown')).toBe('launch-plan-q3.md');
    expect(fallbackFileName('  ', 'docx')).toBe('document.docx');
  });
});

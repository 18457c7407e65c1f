import { describe, expect, it } from '@jest/globals';
import { exportFileName } from './export-filename.js';

describe('exportFileName (docs/product.md §9)', () => {
  it('lowercases the title and replaces spaces with hyphens, plus .md, .docx or .pdf', () => {
    expect(exportFileName('Checkout Redesign PRD', 'markdown')).toEqual({
      name: 'checkout-redesign-prd.md',
      contentDisposition: 'attachment; filename=checkout-redesign-prd.md',
    });
    expect(exportFileName('Checkout Redesign PRD', 'docx').name).toBe('checkout-redesign-prd.docx');
    expect(exportFileName('Checkout Redesign PRD', 'pdf').name).toBe('checkout-redesign-prd.pdf');
  });

  it('turns each run of whitespace into one hyphen and ignores surrounding whitespace', () => {
    expect(exportFileName('  Mobile\tApp   Launch \n', 'markdown').name).toBe('mobile-app-launch.md');
  });

  it('keeps unicode in filename* and gives an ASCII fallback in filename', () => {
    const file = exportFileName('Café Straße Plan', 'docx');
    expect(file.name).toBe('café-straße-plan.docx');
    expect(file.contentDisposition).toBe(`attachment; filename=cafe-strae-plan.docx; filename*=UTF-8''caf%C3%A9-stra%C3%9Fe-plan.docx`);
    expect(decodeURIComponent(file.contentDisposition.split("UTF-8''")[1]!)).toBe('café-straße-plan.docx');
  });

  it('falls back to "document" in ASCII for a title without Latin letters', () => {
    const file = exportFileName('東京 ロードマップ', 'markdown');
    expect(file.name).toBe('東京-ロードマップ.md');
    expect(file.contentDisposition).toMatch(/^attachment; filename=document\.md; filename\*=UTF-8''%E6%9D%B1%E4%BA%AC-/);
  });

  it('strips quotes, which would end the header value early', () => {
    const file = exportFileName(`The "Best" Team's Plan`, 'docx');
    expect(file.name).toBe('the-best-teams-plan.docx');
    expect(file.contentDisposition).toBe('attachment; filename=the-best-teams-plan.docx');
  });

  it('strips slashes and backslashes, so a title cannot name another folder', () => {
    expect(exportFileName('Q3/Q4 Roadmap', 'markdown').name).toBe('q3q4-roadmap.md');
    expect(exportFileName('../../etc/passwd', 'markdown').name).toBe('etcpasswd.md');
    expect(exportFileName('C:\\Users\\plan', 'docx').name).toBe('cusersplan.docx');
  });

  it('strips control characters, header-breaking line ends and characters Windows forbids', () => {
    const file = exportFileName('Plan\r\nSet-Cookie: x<y>|z*?\u0000', 'docx');
    expect(file.name).toBe('plan-set-cookie-xyz.docx');
    // eslint-disable-next-line no-control-regex -- the header must carry no NUL, CR or LF: that is what is checked
    expect(file.contentDisposition).not.toMatch(/[\r\n\u0000]/);
  });

  it('strips bidirectional controls that could disguise the extension', () => {
    expect(exportFileName('invoice\u202Excod.exe', 'docx').name).toBe('invoicexcod.exe.docx');
  });

  it('quotes a plain name that is not an HTTP token, and percent-encodes parentheses in filename*, which RFC 8187 does not allow as they are', () => {
    expect(exportFileName('Plan (v2)', 'markdown').contentDisposition).toBe('attachment; filename="plan-(v2).md"');
    expect(exportFileName('Café (v2)', 'markdown').contentDisposition).toBe(`attachment; filename="cafe-(v2).md"; filename*=UTF-8''caf%C3%A9-%28v2%29.md`);
  });

  it('names a file "document" when nothing of the title is left', () => {
    expect(exportFileName('', 'markdown').name).toBe('document.md');
    expect(exportFileName(' "/\\" ', 'docx').name).toBe('document.docx');
    expect(exportFileName('...', 'docx').name).toBe('document.docx');
  });

  it('keeps a very long title to 120 characters', () => {
    expect(exportFileName('a'.repeat(500), 'markdown').name).toBe(`${'a'.repeat(120)}.md`);
  });
});

/** A number as PDF content writes it (pdfkit's own rounding). */
export const num = (n: number) => Math.round(n * 1e6) / 1e6;

/** `#rrggbb` as the components of DeviceRGB, written as pdfkit writes them. */
function rgb(color: string): string {
  const hex = parseInt(color.slice(1), 16);
  return [hex >> 16, (hex >> 8) & 0xff, hex & 0xff].map((part) => part / 255).join(' ');
}

/**
 * docs/decisions/0033-pdf-export-with-pdfkit.md: the operators of the page being drawn (text runs, shaded and bordered
 * rectangles, lines, colours), collected as one string and handed to pdfkit as bytes once per page. pdfkit's drawing calls
 * each add a string, which it turns into bytes character by character, and a 1 MB document makes hundreds of thousands
 * of them. The operators are the ones pdfkit's `rect`, `fill`, `stroke`, `fillColor`, `strokeColor`, `lineWidth`,
 * `moveTo`, `lineTo`, `save` and `restore` write, in the page's top-down space that pdfkit sets up for each page.
 * `flush` before the page changes and before the file ends; pdfkit's own drawing calls are for after a flush.
 */
export class PageContent {
  readonly doc: PDFKit.PDFDocument;
  private ops = '';
  private readonly colors = new Map<string, string>();

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  /** One or more operators, without their line end. */
  add(op: string): void {
    this.ops += `${op}\n`;
  }

  /** Sets the colour text and shapes are filled with. */
  fillColor(color: string): void {
    this.add(`/DeviceRGB cs\n${this.components(color)} scn`);
  }

  /** A rectangle filled with `color` (pdfkit's `rect(…).fill(color)`). */
  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.add(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re\n/DeviceRGB cs\n${this.components(color)} scn\nf`);
  }

  /** A rectangle's border (pdfkit's `rect(…).lineWidth(w).stroke(color)`). */
  strokeRect(x: number, y: number, width: number, height: number, lineWidth: number, color: string): void {
    this.add(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re\n${num(lineWidth)} w\n${this.stroke(color)}`);
  }

  /** A straight line (pdfkit's `moveTo(…).lineTo(…).lineWidth(w).stroke(color)`). */
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, color: string): void {
    this.add(`${num(x1)} ${num(y1)} m\n${num(x2)} ${num(y2)} l\n${num(lineWidth)} w\n${this.stroke(color)}`);
  }

  /** A line drawn without changing the page's line width for what follows (pdfkit's `save()…restore()` around it). */
  savedLine(x1: number, y1: number, x2: number, y2: number, lineWidth: number, color: string): void {
    this.add(`q\n/DeviceRGB CS\n${this.components(color)} SCN\n${num(lineWidth)} w\n${num(x1)} ${num(y1)} m\n${num(x2)} ${num(y2)} l\nS\nQ`);
  }

  /** The page's operators to pdfkit, as bytes in one piece. */
  flush(): void {
    if (!this.ops) return;
    this.doc.addContent(Buffer.from(this.ops, 'latin1'));
    this.ops = '';
  }

  private stroke(color: string): string {
    return `/DeviceRGB CS\n${this.components(color)} SCN\nS`;
  }

  private components(color: string): string {
    let components = this.colors.get(color);
    if (components === undefined) this.colors.set(color, (components = rgb(color)));
    return components;
  }
}

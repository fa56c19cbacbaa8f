import { deflateSync } from 'node:zlib';

// The bytes of the page being drawn: the report's text writer (reports.pdf-fonts.ts) and pdfkit's
// own drawing both write here, in order, and the page's content stream is made once, at its end.

/** What pdfkit's page and its content stream are made of, as far as `attach` touches them. */
export interface PageParts {
  write(chunk: string | Uint8Array): void;
  content: {
    compress: boolean;
    buffer: Uint8Array[];
    data: { Length?: number; Filter?: string };
    end(): void;
  };
}

/** zlib's level for page content: 1 deflates this text about as small as 6 (4 % larger), faster. */
const CONTENT_LEVEL = 1;

const NEWLINE = 0x0a;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/**
 * The current page's content as bytes in one reused buffer, deflated once when the page ends and
 * handed to pdfkit as one buffer. pdfkit would copy each write (tens a row) into a `Uint8Array`
 * byte by byte, join them at the page's end and deflate at zlib's default level; the text writer
 * wrote each operation as a string first. Both made most of a large report's garbage and a third
 * of its time (docs/performance.md, "The customer PDF"). The operations are the same. (Deflating
 * on libuv's threads while the layout went on, and Node's `Buffer.write` per operation, were both
 * slower: measured.) pdfkit ends a page before it starts the next, so one buffer serves them all.
 */
export class PageContent {
  private bytes = new Uint8Array(64 * 1024);
  private length = 0;

  /** Room for `more` bytes. */
  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    larger.set(this.bytes.subarray(0, this.length));
    this.bytes = larger;
  }

  /** Characters of one byte each (PDF operators, names, pdfkit's binary strings). */
  ascii(text: string): void {
    this.room(text.length);
    const { bytes } = this;
    let at = this.length;
    for (let i = 0; i < text.length; i += 1) bytes[at++] = text.charCodeAt(i) & 0xff;
    this.length = at;
  }

  byte(value: number): void {
    this.room(1);
    this.bytes[this.length++] = value;
  }

  raw(value: Uint8Array): void {
    this.room(value.length);
    this.bytes.set(value, this.length);
    this.length += value.length;
  }

  /**
   * A number to the hundredth, as `String(Math.round(value * 100) / 100)` writes it (pdfkit's
   * coordinates): no exponent, no trailing zeros, '-' only below zero.
   */
  number(value: number): void {
    let hundredths = Math.round(value * 100);
    this.room(24);
    const { bytes } = this;
    if (hundredths < 0) {
      bytes[this.length++] = MINUS;
      hundredths = -hundredths;
    }
    const whole = Math.floor(hundredths / 100);
    const fraction = hundredths - whole * 100;
    let digits = 1;
    for (let limit = 10; whole >= limit; limit *= 10) digits += 1;
    let at = this.length + digits;
    this.length = at;
    for (let rest = whole, first = true; first || rest > 0; rest = Math.floor(rest / 10), first = false) {
      bytes[--at] = ZERO + (rest % 10);
    }
    if (fraction !== 0) {
      bytes[this.length++] = DOT;
      bytes[this.length++] = ZERO + Math.floor(fraction / 10);
      if (fraction % 10 !== 0) bytes[this.length++] = ZERO + (fraction % 10);
    }
  }

  /** Ends an operation: pdfkit ends each of its writes with a line break too. */
  end(): void {
    this.byte(NEWLINE);
  }

  /** Takes `page`'s writes from now on, after what pdfkit already wrote to it (its flip of the y axis). */
  attach(page: PageParts): void {
    const { content } = page;
    this.length = 0;
    for (const chunk of content.buffer) this.raw(chunk);
    content.buffer = [];
    content.compress = false;
    page.write = (chunk) => {
      if (typeof chunk === 'string') {
        this.ascii(chunk);
        this.end();
      } else this.raw(chunk);
    };
    const end = content.end.bind(content);
    content.end = () => {
      content.data.Filter = 'FlateDecode';
      content.buffer = [deflateSync(this.bytes.subarray(0, this.length), { level: CONTENT_LEVEL })];
      this.length = 0;
      end();
    };
  }
}

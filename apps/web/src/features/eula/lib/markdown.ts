/**
 * The little markdown the agreement uses (apps/server/legal/eula-*.md): headings, paragraphs,
 * ordered and bulleted lists with indented continuation lines, and **bold**. Parsed to blocks that
 * React renders as elements, so no HTML from the server is ever injected.
 */
export type MarkdownBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] };

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^\s*(?:(\d+)[.)]|[-*+])\s+(.*)$/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: Extract<MarkdownBlock, { kind: 'list' }> | undefined;

  function endParagraph() {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  }
  function endList() {
    if (list) blocks.push(list);
    list = undefined;
  }

  for (const line of source.split(/\r?\n/)) {
    const text = line.trim();
    const heading = HEADING.exec(text);
    const item = LIST_ITEM.exec(line);
    if (text === '') {
      endParagraph();
      endList();
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else if (item) {
      endParagraph();
      const ordered = item[1] !== undefined;
      if (!list || list.ordered !== ordered) {
        endList();
        list = { kind: 'list', ordered, start: Number(item[1] ?? 1), items: [] };
      }
      list.items.push(item[2] ?? '');
    } else if (list && /^\s/.test(line)) {
      list.items[list.items.length - 1] += ` ${text}`;
    } else {
      endList();
      paragraph.push(text);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** Splits text on `**` pairs: odd parts are bold. */
export function splitBold(text: string): { text: string; bold: boolean }[] {
  return text
    .split('**')
    .map((part, index) => ({ text: part, bold: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}

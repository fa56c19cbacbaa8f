import { describe, expect, it } from 'vitest';
import { parseMarkdown, splitBold } from './markdown';

describe('agreement markdown', () => {
  it('reads headings, paragraphs and lists with continuation lines', () => {
    const source = [
      '# Title',
      '',
      'First line',
      'second line.',
      '',
      '1. **One.** Starts here',
      '   and goes on.',
      '2. Two.',
      '- a bullet',
    ].join('\n');
    expect(parseMarkdown(source)).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'First line second line.' },
      { kind: 'list', ordered: true, start: 1, items: ['**One.** Starts here and goes on.', 'Two.'] },
      { kind: 'list', ordered: false, start: 1, items: ['a bullet'] },
    ]);
  });

  it('marks the parts between double asterisks bold', () => {
    expect(splitBold('**Licence.** The provider')).toEqual([
      { text: 'Licence.', bold: true },
      { text: ' The provider', bold: false },
    ]);
  });
});

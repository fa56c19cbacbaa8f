import { Fragment } from 'react';
import { parseMarkdown, splitBold, type MarkdownBlock } from '../lib/markdown';

/** The agreement's markdown as plain elements; a leading title heading is left to the dialog. */
export function EulaText({ markdown }: { markdown: string }) {
  const blocks = parseMarkdown(markdown);
  const body = blocks[0]?.kind === 'heading' && blocks[0].level === 1 ? blocks.slice(1) : blocks;
  return (
    <div className="grid gap-3 text-sm leading-relaxed">
      {body.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

function Block({ block }: { block: MarkdownBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <h3 className="pt-1 font-semibold">
          <Inline text={block.text} />
        </h3>
      );
    case 'paragraph':
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List
          start={block.ordered && block.start !== 1 ? block.start : undefined}
          className={block.ordered ? 'grid list-decimal gap-2 pl-5' : 'grid list-disc gap-2 pl-5'}
        >
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
  }
}

function Inline({ text }: { text: string }) {
  return splitBold(text).map((part, index) =>
    part.bold ? (
      <strong key={index} className="font-semibold">
        {part.text}
      </strong>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

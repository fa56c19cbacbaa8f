import type { ReactNode } from 'react';

/** A cell of two lines: a value, and a smaller detail under it (a mailbox and its kind). */
export function NameAndDetail({ name, detail }: { name: ReactNode; detail: string }) {
  return (
    <div className="grid min-w-0">
      <span className="break-words">{name}</span>
      <span className="text-xs text-muted-foreground">{detail}</span>
    </div>
  );
}

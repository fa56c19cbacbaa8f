import type { ReactNode } from 'react';

/** A cell of two lines: a name, and a smaller detail under it (a product code, an email, a mailbox's kind). */
export function NameAndDetail({ name, detail }: { name: ReactNode; detail: string | null | undefined }) {
  return (
    <div className="grid min-w-0">
      <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
      {detail && <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{detail}</span>}
    </div>
  );
}

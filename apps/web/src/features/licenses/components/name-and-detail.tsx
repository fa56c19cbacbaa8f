/** A cell of two lines: a name, and a smaller detail under it (a product code, an email). */
export function NameAndDetail({ name, detail }: { name: string; detail: string | null | undefined }) {
  return (
    <div className="grid min-w-0">
      <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
      {detail && <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{detail}</span>}
    </div>
  );
}

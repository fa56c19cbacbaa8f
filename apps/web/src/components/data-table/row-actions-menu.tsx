import { EllipsisIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/**
 * The "…" menu at the end of a table row; its items are the caller's. `label` names the row
 * ("Actions for <label>"); a screen whose messages are translated passes its own `triggerLabel`.
 */
export function RowActionsMenu({
  label,
  triggerLabel,
  children,
}: {
  label: string;
  triggerLabel?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={triggerLabel ?? `Actions for ${label}`}
          className="data-[state=open]:bg-muted"
        >
          <EllipsisIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

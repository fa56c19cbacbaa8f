import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { PageSizeSelectProps } from './page-size-select';

/** The 'Rows per page' list itself; mounted by the first press of its button, so it starts open. */
export function PageSizeMenu({ value, pageSizes, onChange, labelId }: PageSizeSelectProps) {
  return (
    <Select defaultOpen value={String(value)} onValueChange={(next) => onChange(Number(next))}>
      <SelectTrigger size="sm" aria-labelledby={labelId} className="w-20">
        <SelectValue />
      </SelectTrigger>
      <SelectContent side="top">
        {pageSizes.map((size) => (
          <SelectItem key={size} value={String(size)}>
            {size}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** What 'Rows per page' is given, by the button (page-size-select.tsx) and so by this list. */
export type PageSizeSelectProps = {
  value: number;
  pageSizes: readonly number[];
  onChange: (size: number) => void;
  labelId: string;
};

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

import { formatIsoDay } from '@portal/contracts/dates';

/**
 * The day a native date picker holds, written as every table writes a date (dd/MM/yyyy). The
 * picker itself shows the browser's own format (mm/dd/yyyy in an English browser), which a page
 * cannot change: this says the same day the spec's way beside it. Nothing when the picker is empty.
 */
export function PickedDate({ value, id }: { value: string | null | undefined; id?: string }) {
  const text = value ? formatIsoDay(value) : '';
  return (
    <span id={id} className="min-w-20 text-xs text-muted-foreground tabular-nums" data-testid="picked-date">
      {text}
    </span>
  );
}

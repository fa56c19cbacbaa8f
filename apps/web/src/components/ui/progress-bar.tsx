const count = (n: number) => n.toLocaleString('en-US');

/** A determinate progress bar: `value` of `max`, named by `label`, read out as "3 of 10". */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max === 0 ? 100 : Math.round((value / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${count(value)} of ${count(max)}`}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

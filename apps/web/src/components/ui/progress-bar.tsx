import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

const count = (n: number) => n.toLocaleString(i18n.locale);

/** A determinate progress bar: `value` of `max`, named by `label`, read out as "3 of 10". */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const done = count(value);
  const all = count(max);
  const percent = max === 0 ? 100 : Math.round((value / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={t`${done} of ${all}`}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ChoiceSelect } from '@/components/ui/choice-select';

/** The Select's stand-in for "no filter" (Radix items cannot have an empty value). */
const ALL = '__all__';

/**
 * One optional list filter kept in the URL beside the table's page and search (`?status=Active`,
 * `?from=2026-11-01`), so a reload or a shared link shows the same rows. A value outside `choices`
 * (a list, or a test of the text) reads as no filter; changing it goes back to the first page.
 */
export function useUrlChoice<T extends string>(
  key: string,
  choices: readonly T[] | ((value: string) => boolean) | undefined,
) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const valid = (text: string) =>
    choices === undefined || (typeof choices === 'function' ? choices(text) : choices.includes(text as T));
  const value = raw !== null && valid(raw) ? (raw as T) : undefined;

  const onChange = useCallback(
    (next: T | undefined) => {
      setParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === undefined) params.delete(key);
          else params.set(key, next);
          params.delete('page');
          return params;
        },
        { replace: true },
      );
    },
    [key, setParams],
  );

  return [value, onChange] as const;
}

type ListFilterProps<T extends string> = {
  /** Names the control for screen readers, e.g. 'Status'. */
  label: string;
  /** What the control reads with no filter, e.g. 'All statuses'. */
  allLabel: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: readonly { value: T; label: string }[];
  disabled?: boolean;
};

/** A Select above a list that narrows it to one value, or shows everything. */
export function ListFilter<T extends string>({
  label,
  allLabel,
  value,
  onChange,
  options,
  disabled,
}: ListFilterProps<T>) {
  return (
    <ChoiceSelect
      aria-label={label}
      className="h-9 w-full sm:w-48"
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? undefined : (next as T))}
      disabled={disabled}
      options={[{ value: ALL, label: allLabel }, ...options]}
    />
  );
}

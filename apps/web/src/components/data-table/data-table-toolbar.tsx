import { t } from '@lingui/core/macro';
import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** docs/product.md: the search filter waits 300 ms after the last keystroke. */
export const FILTER_DEBOUNCE_MS = 300;

type DataTableToolbarProps = {
  /** The applied filter (from the URL); typing updates it after the debounce. */
  filter: string;
  onFilterChange: (filter: string) => void;
  placeholder: string;
  /** The box's accessible name when a page has several (by default the placeholder, without its dots). */
  label?: string;
  /** Actions at the end of the row, e.g. a Create button. */
  children?: ReactNode;
};

/** The bar above a table: a debounced filter box and room for the page's actions. */
export function DataTableToolbar({ filter, onFilterChange, placeholder, label, children }: DataTableToolbarProps) {
  const [value, setValue] = useState(filter);
  const [applied, setApplied] = useState(filter);
  const [sent, setSent] = useState(filter);

  // The URL changed by itself (back button, link): show its filter unless it is our own echo.
  if (filter !== applied) {
    setApplied(filter);
    if (filter !== sent) setValue(filter);
  }

  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (value === filter) return;
    const timer = setTimeout(() => {
      setSent(value);
      onFilterChange(value);
    }, FILTER_DEBOUNCE_MS);
    pending.current = timer;
    return () => clearTimeout(timer);
  }, [value, filter, onFilterChange]);

  // Leaving the box (or Enter) applies the filter at once: a timer still running when the user
  // clicks a link elsewhere would otherwise navigate after them and cancel their navigation.
  function applyNow() {
    clearTimeout(pending.current);
    pending.current = undefined;
    if (value === filter) return;
    setSent(value);
    onFilterChange(value);
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="relative w-full sm:w-72">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={label ?? placeholder.replace(/\.+$/, '')}
          placeholder={placeholder}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={applyNow}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyNow();
          }}
          className="h-9 pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={t`Clear filter`}
            className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
            onClick={() => setValue('')}
          >
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

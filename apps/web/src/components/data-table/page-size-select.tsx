import { ChevronDownIcon } from 'lucide-react';
import { lazy, startTransition, Suspense, useState, type KeyboardEvent } from 'react';
import { selectTriggerClass } from '@/components/ui/select-trigger-class';
import { cn } from '@/lib/utils';
import type { PageSizeSelectProps } from './page-size-menu';

const loadMenu = () => import('./page-size-menu');
const PageSizeMenu = lazy(() => loadMenu().then((m) => ({ default: m.PageSizeMenu })));

/**
 * 'Rows per page' under every table. Its list (Radix Select, with its positioning, focus and
 * scroll locking: about 20 KB gzip) loads when the button is first pressed, fetched ahead when the
 * pointer or the focus reaches it, and then opens at once; until then the button looks and reads
 * the same (docs/decisions/021-web-weight.md).
 */
export function PageSizeSelect(props: PageSizeSelectProps) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadMenu().catch(() => undefined);
  // A transition: this button stays, focused, until the list can replace it already open.
  const open = () => startTransition(() => setWanted(true));
  const button = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-labelledby={props.labelId}
      data-slot="select-trigger"
      data-size="sm"
      className={cn(selectTriggerClass, 'w-20')}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      // Radix Select opens on these keys too (Enter and Space click the button).
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        open();
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{props.value}</span>
      <ChevronDownIcon aria-hidden className="size-4 opacity-50" />
    </button>
  );
  return <Suspense fallback={button}>{wanted ? <PageSizeMenu {...props} /> : button}</Suspense>;
}

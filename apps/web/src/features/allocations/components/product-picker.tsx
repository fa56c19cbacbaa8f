import { PlusIcon } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { describeOption, type StockOption } from './stock-option';

type ProductPickerProps = {
  /** What can still be picked: groups with units available, not picked yet. */
  options: readonly StockOption[];
  isLoading: boolean;
  onPick: (option: StockOption) => void;
};

const matches = (option: StockOption, search: string) =>
  [option.name, option.productCode, option.edition].some((text) => text.toLowerCase().includes(search));

/**
 * The searchable product list (a combobox: type to filter, arrows to move, Enter to pick). The
 * popover is modal: inside a dialog it takes over the focus trap and the scroll lock, so its list
 * scrolls with the wheel.
 */
export function ProductPicker({ options, isLoading, onPick }: ProductPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  // After a pick, focus goes to the new row's quantity (the form focuses it), not back to the button.
  const picked = useRef(false);
  const needle = search.trim().toLowerCase();
  const shown = options.filter((option) => matches(option, needle));
  const current = Math.min(active, shown.length - 1);

  function changeOpen(next: boolean) {
    setOpen(next);
    setSearch('');
    setActive(0);
  }

  function pick(option: StockOption) {
    picked.current = true;
    onPick(option);
    changeOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(current + 1, last),
      ArrowUp: Math.max(current - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(moves[event.key]!, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown[current];
      if (option) pick(option);
    }
  }

  const empty = isLoading
    ? null
    : options.length === 0
      ? 'No available licenses found.'
      : shown.length === 0
        ? 'No product found.'
        : null;

  return (
    <Popover modal open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className="w-full justify-start sm:w-auto sm:justify-self-start"
          aria-haspopup="listbox"
        >
          <PlusIcon aria-hidden />
          Add product
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Add product"
        align="start"
        className="grid w-[min(28rem,calc(100vw-2rem))] gap-1 p-1"
        onCloseAutoFocus={(event) => {
          if (picked.current) event.preventDefault();
          picked.current = false;
        }}
      >
        <Input
          role="combobox"
          aria-label="Search products"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 && shown[current] ? `${id}-${current}` : undefined}
          placeholder="Search products..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-9"
        />
        <ul id={listId} role="listbox" aria-label="Products" className="max-h-64 overflow-y-auto">
          {shown.map((option, index) => (
            <li
              key={option.groupKey}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === current}
              onClick={() => pick(option)}
              onMouseMove={() => setActive(index)}
              className="grid cursor-pointer gap-0.5 rounded-sm px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
            >
              <span className="font-medium">{option.name}</span>
              <span className="text-xs text-muted-foreground">{describeOption(option)}</span>
            </li>
          ))}
        </ul>
        {isLoading && (
          <p className="flex items-center gap-2 px-2 py-4 text-sm text-muted-foreground">
            <Spinner /> Loading...
          </p>
        )}
        {empty && (
          <p role="status" className="px-2 py-4 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        )}
      </PopoverContent>
    </Popover>
  );
}

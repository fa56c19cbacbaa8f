import { t } from '@lingui/core/macro';
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

/** Where the arrow, Home and End keys move the active option; undefined for any other key. */
function movedTo(key: string, current: number, last: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: Math.min(current + 1, last),
    ArrowUp: Math.max(current - 1, 0),
    Home: 0,
    End: last,
  };
  return Object.hasOwn(moves, key) ? moves[key] : undefined;
}

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

  function searchFor(text: string) {
    setSearch(text);
    setActive(0);
  }

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
    const move = movedTo(event.key, current, shown.length - 1);
    if (move !== undefined) {
      event.preventDefault();
      setActive(Math.max(move, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown[current];
      if (option) pick(option);
    }
  }

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
          {t`Add product`}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label={t`Add product`}
        align="start"
        className="grid w-[min(28rem,calc(100vw-2rem))] gap-1 p-1"
        onCloseAutoFocus={(event) => {
          if (picked.current) event.preventDefault();
          picked.current = false;
        }}
      >
        <SearchBox
          listId={listId}
          activeId={current >= 0 && shown[current] ? `${id}-${current}` : undefined}
          value={search}
          onSearch={searchFor}
          onKeyDown={onKeyDown}
        />
        <PickerList
          id={id}
          shown={shown}
          current={current}
          isLoading={isLoading}
          hasOptions={options.length > 0}
          onPick={pick}
          onHover={setActive}
        />
      </PopoverContent>
    </Popover>
  );
}

type PickerListProps = {
  /** The picker's id: the list is `{id}-list`, each option `{id}-{index}`. */
  id: string;
  shown: readonly StockOption[];
  current: number;
  isLoading: boolean;
  /** Anything to pick at all, before the search. */
  hasOptions: boolean;
  onPick: (option: StockOption) => void;
  onHover: (index: number) => void;
};

/** The options that match the search, the active one marked; or loading, or why there are none. */
function PickerList({ id, shown, current, isLoading, hasOptions, onPick, onHover }: PickerListProps) {
  const empty = isLoading
    ? null
    : !hasOptions
      ? t`No available licenses found.`
      : shown.length === 0
        ? t`No product found.`
        : null;
  return (
    <>
      <ul id={`${id}-list`} role="listbox" aria-label={t`Products`} className="max-h-64 overflow-y-auto">
        {shown.map((option, index) => (
          <li
            key={option.groupKey}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === current}
            onClick={() => onPick(option)}
            onMouseMove={() => onHover(index)}
            className="grid cursor-pointer gap-0.5 rounded-sm px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
          >
            <span className="font-medium">{option.name}</span>
            <span className="text-xs text-muted-foreground">{describeOption(option)}</span>
          </li>
        ))}
      </ul>
      {isLoading && (
        <p className="flex items-center gap-2 px-2 py-4 text-sm text-muted-foreground">
          <Spinner /> {t`Loading...`}
        </p>
      )}
      {empty && (
        <p role="status" className="px-2 py-4 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      )}
    </>
  );
}

type SearchBoxProps = {
  listId: string;
  /** The option the arrows have reached, read out by screen readers. */
  activeId: string | undefined;
  value: string;
  onSearch: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

/** The combobox's text box: typing filters the list, the keys move through it. */
function SearchBox({ listId, activeId, value, onSearch, onKeyDown }: SearchBoxProps) {
  return (
    <Input
      role="combobox"
      aria-label={t`Search products`}
      aria-expanded
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={activeId}
      placeholder={t`Search products...`}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
      onKeyDown={onKeyDown}
      className="h-9"
    />
  );
}

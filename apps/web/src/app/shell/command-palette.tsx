import type { CurrentUser } from '@portal/contracts/auth';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SearchIcon } from '@/components/ui/lean-icons';
import { Spinner } from '@/components/ui/spinner';
import { callEndpoint } from '@/lib/call-endpoint';
import {
  actionItems,
  matching,
  pageItems,
  type PaletteItem,
  recentItems,
  rememberItem,
  resultItems,
} from './command-palette-items';
import type { SideLink } from './sidebar-data';

/** Typing settles this long before the server is asked. */
const SEARCH_DELAY_MS = 150;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const ITEM =
  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm outline-none ' +
  'aria-selected:bg-accent aria-selected:text-accent-foreground';
const GROUP =
  'px-1 py-1.5 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs ' +
  '[&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * The palette's lines for what is typed: the recent ones (before anything is typed), the pages and
 * actions that match, then the server's results; and the line Enter opens: the first, until the
 * arrows choose another that is still there.
 */
function usePaletteLines(user: CurrentUser, links: SideLink[], open: boolean, typed: string) {
  const query = useSettled(typed.trim());
  const search = useQuery({
    queryKey: ['search', query],
    queryFn: async ({ signal }) => (await callEndpoint(LAZY_ENDPOINTS.search, { query: { q: query }, signal })).data,
    enabled: open && query.length > 0,
    staleTime: 30_000,
  });
  const pages = useMemo(() => pageItems(links), [links]);
  const actions = useMemo(() => actionItems(user), [user]);
  const recent = useMemo(() => (open ? recentItems(user.id) : []), [open, user.id]);
  const lines: PaletteItem[] = [
    ...(typed.trim() === '' ? recent : []),
    ...matching(pages, typed),
    ...matching(actions, typed),
    ...(query.length > 0 ? resultItems(search.data, user.roles) : []),
  ];
  const [selected, setSelected] = useState('');
  const chosen = lines.some((line) => line.id === selected) ? selected : (lines[0]?.id ?? '');
  const groups = [...new Set(lines.map((line) => line.group))];
  return { lines, groups, chosen, setSelected, searching: search.isFetching };
}

/** The lines under their groups' headings. */
function PaletteGroups({
  lines,
  groups,
  onOpen,
}: {
  lines: PaletteItem[];
  groups: string[];
  onOpen: (line: PaletteItem) => void;
}) {
  return groups.map((group) => (
    <Command.Group key={group} heading={group} className={GROUP}>
      {lines
        .filter((line) => line.group === group)
        .map((line) => (
          <Command.Item key={line.id} value={line.id} onSelect={() => onOpen(line)} className={ITEM}>
            <span className="min-w-0 truncate">{line.label}</span>
            {line.detail && <span className="min-w-0 truncate text-xs text-muted-foreground">{line.detail}</span>}
          </Command.Item>
        ))}
    </Command.Group>
  ));
}

/**
 * The command palette (decision 048), opened with Ctrl+K or ⌘K or the header's Search: the pages
 * and actions this account has, its recent lines, and what the server finds by the start of a name
 * (users, pools, jobs, machines, lots by order ID, each in the account's own scope). Arrow keys move, Enter opens.
 */
export function CommandPalette({
  user,
  links,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  /** The account's sidebar: the palette's pages. */
  links: SideLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const { lines, groups, chosen, setSelected, searching } = usePaletteLines(user, links, open, typed);
  const go = (item: PaletteItem) => {
    if (item.group !== 'Pages' && item.group !== 'Actions') rememberItem(user.id, item);
    onOpenChange(false);
    setTyped('');
    void navigate(item.href);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-0 overflow-hidden p-0 sm:max-w-xl">
        <DialogTitle className="sr-only">Search the portal</DialogTitle>
        <DialogDescription className="sr-only">
          Type to find a page, an action, a user, a pool, a job or a machine; arrow keys move, Enter opens.
        </DialogDescription>
        <Command
          shouldFilter={false}
          label="Search the portal"
          loop
          value={chosen}
          onValueChange={setSelected}
          className="grid"
        >
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <Command.Input
              value={typed}
              onValueChange={setTyped}
              placeholder="Search pages, users, pools, jobs, machines, lots..."
              className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
            {searching && <Spinner />}
          </div>
          {/* A listbox must hold options (axe): with none it is hidden, and the palette says so beside it. */}
          {lines.length === 0 && (
            <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
              {searching ? 'Searching...' : 'No results.'}
            </p>
          )}
          <Command.List hidden={lines.length === 0} className="max-h-80 overflow-y-auto p-1">
            <PaletteGroups lines={lines} groups={groups} onOpen={go} />
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

// Loaded with the palette (app-shell.tsx): the "?" list of shortcuts.
export { ShortcutsSheet } from './shortcuts-sheet';

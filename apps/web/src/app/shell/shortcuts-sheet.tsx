import { SingleKeyShortcutsToggle } from '@/components/single-key-shortcuts-toggle';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: [isMac ? '⌘' : 'Ctrl', 'K'], what: 'Open or close the command palette: pages, actions and search' },
  { keys: ['?'], what: 'Show this list' },
  { keys: ['/'], what: "Jump to the list's filter box" },
  { keys: ['↑', '↓', 'Enter'], what: 'In the palette: move through the results and open one' },
  { keys: ['Space'], what: 'Tick the focused row of a table (bulk changes)' },
  { keys: ['Esc'], what: 'Close a dialog, a menu or the palette' },
];

/** The "?" sheet: every keyboard shortcut, and the setting that turns the single-key ones off. */
export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Anywhere in the portal, outside a text field.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.what} className="flex items-baseline justify-between gap-4 border-b pb-2 last:border-0">
              <dt className="flex shrink-0 gap-1">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-muted-foreground">{shortcut.what}</dd>
            </div>
          ))}
        </dl>
        <SingleKeyShortcutsToggle />
      </DialogContent>
    </Dialog>
  );
}

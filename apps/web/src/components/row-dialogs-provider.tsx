import { createContext, use, useMemo, useState, type ReactNode } from 'react';

/** The state of a list screen with dialogs: which dialog is open, and for which row. */
export type RowDialogs<Row, Dialog extends string, Actions> = {
  /** The create button and the row menu show: Admin or SuperAdmin (docs/product.md). */
  canWrite: boolean;
  /** What other screens add to the row menu, composed by the route (features do not import each other). */
  licenseActions: Actions | undefined;
  open: Dialog | 'create' | null;
  /** The row a dialog acts on. */
  currentRow: Row | null;
  openCreate: () => void;
  /** Opens a row's dialog for that row. */
  openRow: (dialog: Dialog, row: Row) => void;
  close: () => void;
};

type ProviderProps<Actions> = { canWrite: boolean; licenseActions?: Actions; children: ReactNode };

/**
 * A list screen's one piece of state (which dialog is open, for which row), as a provider and the
 * hook that reads it. `screen` names the provider in the error of a hook used outside it.
 */
export function createRowDialogs<Row, Dialog extends string, Actions>(screen: string) {
  type Value = RowDialogs<Row, Dialog, Actions>;
  const Context = createContext<Value | null>(null);

  function Provider({ canWrite, licenseActions, children }: ProviderProps<Actions>) {
    const [open, setOpen] = useState<Value['open']>(null);
    const [currentRow, setCurrentRow] = useState<Row | null>(null);
    const value = useMemo<Value>(
      () => ({
        canWrite,
        licenseActions,
        open,
        currentRow,
        openCreate: () => setOpen('create'),
        openRow: (dialog, row) => {
          setCurrentRow(row);
          setOpen(dialog);
        },
        close: () => setOpen(null),
      }),
      [canWrite, licenseActions, open, currentRow],
    );
    return <Context value={value}>{children}</Context>;
  }

  function useRowDialogs(): Value {
    const context = use(Context);
    if (!context) throw new Error(`${screen}: used outside its provider`);
    return context;
  }

  return { Provider, useRowDialogs };
}

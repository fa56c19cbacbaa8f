import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { Toaster } from './toaster';

function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Allocate Licenses</DialogTitle>
          <input aria-label="Quantity" />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('closes on the first Escape though a notice appeared after it opened, and returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Screen />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate Licenses' });
    // A notice that opens above the dialog (a toast is a layer of its own in Radix).
    act(() => void toast({ title: 'Child account created successfully' }));
    expect((await screen.findAllByText('Child account created successfully')).length).toBeGreaterThan(0);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    // The notice stays to be read.
    expect(screen.getAllByText('Child account created successfully').length).toBeGreaterThan(0);
  });
});

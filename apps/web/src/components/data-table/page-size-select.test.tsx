import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { PageSizeSelect } from './page-size-select';

function Harness() {
  const [size, setSize] = useState(10);
  return (
    <>
      <span id="rows-label">Rows per page</span>
      <PageSizeSelect value={size} pageSizes={[10, 20, 50]} onChange={setSize} labelId="rows-label" />
    </>
  );
}

describe("'Rows per page', whose list loads on first use", () => {
  it('reads as a labelled combobox with the current size before the list has loaded', () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(box).toHaveTextContent('10');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens its list on the first click, and a choice sets the size', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '20', '50']);
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(await screen.findByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
  });

  it('opens from the keyboard with the arrow keys, as a select does', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('combobox', { name: 'Rows per page' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTableToolbar, FILTER_DEBOUNCE_MS } from './data-table-toolbar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const onFilterChange = vi.fn();
  render(<DataTableToolbar filter="" onFilterChange={onFilterChange} placeholder="Filter accounts..." />);
  return { onFilterChange, box: screen.getByPlaceholderText('Filter accounts...') };
}

describe('the table filter box', () => {
  it('applies what was typed 300 ms after the last keystroke', () => {
    const { onFilterChange, box } = setup();
    fireEvent.change(box, { target: { value: 'ann' } });
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    expect(onFilterChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onFilterChange).toHaveBeenCalledExactlyOnceWith('ann');
  });

  it('applies at once when the user leaves the box or presses Enter, and not again later', () => {
    const { onFilterChange, box } = setup();
    fireEvent.change(box, { target: { value: 'bob' } });
    fireEvent.blur(box);
    expect(onFilterChange).toHaveBeenCalledExactlyOnceWith('bob');
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS * 2);
    });
    expect(onFilterChange).toHaveBeenCalledTimes(1);

    fireEvent.change(box, { target: { value: 'bobby' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onFilterChange).toHaveBeenLastCalledWith('bobby');
  });
});

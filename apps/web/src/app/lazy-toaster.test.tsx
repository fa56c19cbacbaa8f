import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { handleServerError } from '@/lib/handle-server-error';
import { NetworkError } from '@/lib/api-client';
import { LazyToaster } from './lazy-toaster';

// Offline, the toaster's own code cannot be fetched: its import fails as a lost chunk does.
vi.mock('@/components/ui/toaster', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/toaster-abc123.js');
});

describe('the toast outlet when its code cannot load', () => {
  it("still says 'Network Error' in the spec's words, once however many requests failed", async () => {
    render(<LazyToaster />);
    act(() => {
      handleServerError(new NetworkError());
      handleServerError(new NetworkError());
      handleServerError(new NetworkError());
    });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Network Error')).toBeInTheDocument();
    expect(within(notice).getByText('Please check your internet connection')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    act(() => within(notice).getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    act(() => void toast({ title: 'Saved' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });
});

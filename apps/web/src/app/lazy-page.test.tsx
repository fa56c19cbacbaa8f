import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '@/components/route-error';
import { lazyPage, retryFailedPages } from './lazy-page';

const LOST_CHUNK = 'Failed to fetch dynamically imported module: http://localhost:8080/assets/users-Bx12.js';

describe('a page whose code does not arrive (offline)', () => {
  it("says 'Network Error' without the chunk's address, and Try again loads it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<() => ReactElement>>()
      .mockRejectedValueOnce(new TypeError(LOST_CHUNK))
      .mockResolvedValue(() => <h1>Users</h1>);
    const page = lazyPage(load);
    render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="users" onRetry={retryFailedPages} inShell>
          <Suspense fallback={<p>Loading</p>}>{page}</Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network Error');
    expect(alert).toHaveTextContent('Please check your internet connection');
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(screen.queryByText(/assets\/users/)).not.toBeInTheDocument();
    // Inside the shell: the shell's <main> holds the message.
    expect(screen.queryByRole('main')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

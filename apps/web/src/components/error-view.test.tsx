import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { RouteErrorBoundary } from './route-error';

describe('error pages', () => {
  it.each(['/401', '/404', '/500', '/503', '/no-such-page'])('%s is a main landmark with a heading', async (path) => {
    mockApi({});
    renderApp(path);
    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('takes a signed-out visitor Back to Home on the login, not to another error page', async () => {
    mockApi({});
    const { router } = renderApp('/404');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes a signed-in user Back to Home on the dashboard', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])) });
    renderApp('/404');
    expect(await screen.findByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows a crashed route as an alert inside a main landmark, Back to Home on the login when signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Crash(): never {
      throw new Error('boom');
    }
    render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="default">
          <Crash />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('leaves the crash behind once the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Page({ crash }: { crash: boolean }) {
      if (crash) throw new Error('boom');
      return <p>Fine again</p>;
    }
    const { rerender } = render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="first">
          <Page crash />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText('boom')).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="first">
          <Page crash={false} />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="second">
          <Page crash={false} />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('Fine again')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import type { CurrentUser } from '@portal/contracts/auth';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/theme-toggle';
import { activateLocale } from '@/lib/i18n';
import { applyTheme } from '@/lib/theme';
import { AppHeader } from './app-header';

const user = { name: 'Alex Admin', email: 'admin@example.com', roles: ['Admin'] } as unknown as CurrentUser;
const noop = () => undefined;

const header = () => (
  <MemoryRouter>
    <AppHeader user={user} mobileNavOpen={false} onOpenMobileNav={noop} onOpenSearch={noop} />
  </MemoryRouter>
);

describe('the theme switch', () => {
  afterEach(async () => {
    applyTheme('light');
    await activateLocale('en');
  });

  it('names the theme it switches to in English, on the header as on the sign-in page', () => {
    applyTheme('light');
    render(header());
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toHaveAttribute(
      'title',
      'Switch to dark theme',
    );
    render(<ThemeToggle />);
    expect(screen.getAllByRole('button', { name: 'Switch to dark theme' })).toHaveLength(2);
  });

  it('names it in German for a German person, both ways', async () => {
    await activateLocale('de');
    applyTheme('light');
    const { unmount } = render(header());
    expect(screen.getByRole('button', { name: 'Zum dunklen Design wechseln' })).toBeInTheDocument();
    unmount();
    applyTheme('dark');
    render(header());
    expect(screen.getByRole('button', { name: 'Zum hellen Design wechseln' })).toBeInTheDocument();
  });
});

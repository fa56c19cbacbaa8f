import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { applyTheme } from '@/lib/theme';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  afterEach(async () => {
    applyTheme('light');
    await activateLocale('en');
  });

  it('names the theme it switches to, in English', () => {
    applyTheme('light');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toHaveAttribute(
      'title',
      'Switch to dark theme',
    );
  });

  it('names it in German for a German person, both ways', async () => {
    await activateLocale('de');
    applyTheme('light');
    const { unmount } = render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Zum dunklen Design wechseln' })).toBeInTheDocument();
    unmount();
    applyTheme('dark');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Zum hellen Design wechseln' })).toBeInTheDocument();
  });
});

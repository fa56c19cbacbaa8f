import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twMerge } from 'tailwind-merge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installClassMerge } from '@/lib/utils';
import { LeanLogin } from './login-entry';

/**
 * The lean login page renders without tailwind-merge (lib/class-merge.ts,
 * docs/decisions/041-login-page-at-80-kb.md). That looks the same only while none of its elements
 * carries two classes of the same kind: this test proves it, on the page and with its errors shown.
 */
function conflicts(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[class]')].flatMap((element) => {
    const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    const merged = new Set(twMerge(classes.join(' ')).split(' '));
    const dropped = classes.filter((name) => !merged.has(name));
    return dropped.length > 0 ? [`<${element.tagName.toLowerCase()}> drops ${dropped.join(' ')}`] : [];
  });
}

describe('the lean login page without tailwind-merge', () => {
  beforeEach(() => installClassMerge((classes) => classes));
  afterEach(() => installClassMerge(twMerge));

  it('has no class that tailwind-merge would drop, before and after its checks', async () => {
    const { container } = render(<LeanLogin goTo={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(conflicts(container)).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(conflicts(container)).toEqual([]);
  });
});

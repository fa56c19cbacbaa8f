import { MoonIcon, SunIcon } from '@/components/ui/lean-icons';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { applyTheme, currentTheme, type Theme } from '@/lib/theme';

/** What the button says it switches to, per theme it switches to. */
export type ThemeToggleLabels = Record<Theme, string>;

/** The English of the sign-in pages, which carry no catalogue (decision 052). */
const ENGLISH: ThemeToggleLabels = { dark: 'Switch to dark theme', light: 'Switch to light theme' };

/**
 * Switches light/dark and remembers the choice (docs/product.md: light by default). The signed-in
 * header gives its words in the language shown (`labels`); the lean login page keeps the English.
 */
export function ThemeToggle({ className, labels = ENGLISH }: { className?: string; labels?: ThemeToggleLabels }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';

  return (
    <Button
      variant="ghost"
      size="icon-round"
      className={className}
      aria-label={labels[next]}
      title={labels[next]}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <SunIcon aria-hidden /> : <MoonIcon aria-hidden />}
    </Button>
  );
}

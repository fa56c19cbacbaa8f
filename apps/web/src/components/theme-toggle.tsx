import { t } from '@lingui/core/macro';
import { MoonIcon, SunIcon } from '@/components/ui/lean-icons';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { applyTheme, currentTheme, type Theme } from '@/lib/theme';

/** Switches light/dark and remembers the choice (docs/product.md: light by default). */
export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`;

  return (
    <Button
      variant="ghost"
      size="icon-round"
      className={className}
      aria-label={label}
      title={label}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <SunIcon aria-hidden /> : <MoonIcon aria-hidden />}
    </Button>
  );
}

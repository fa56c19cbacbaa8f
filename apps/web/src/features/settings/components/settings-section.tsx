import type { ReactNode } from 'react';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/utils';

/** One page of `/settings`: its title, a line on what it is for, then the form (or, `wide`, a list). */
export function SettingsSection({
  title,
  description,
  wide = false,
  children,
}: {
  title: string;
  description: ReactNode;
  /** A list takes the whole width beside the sub-navigation; a form keeps to a readable column. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="settings-section-title" className={cn('grid gap-6', wide ? 'min-w-0' : 'max-w-xl')}>
      <div className="grid gap-1">
        <h2 id="settings-section-title" className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Separator />
      {children}
    </section>
  );
}

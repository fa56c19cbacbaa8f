import type { ReactNode } from 'react';
import { Separator } from '@/components/ui/separator';

/** One page of `/settings`: its title, a line on what it is for, then the form. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="settings-section-title" className="grid max-w-xl gap-6">
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

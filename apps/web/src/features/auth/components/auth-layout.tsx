import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { BrandLogo, BrandMark, PRODUCT_NAME, PRODUCT_TAGLINE } from '@/components/brand-logo';
import { ThemeToggle } from '@/components/theme-toggle';

/** The frame of the public sign-in screens: a brand panel beside the form (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-[linear-gradient(145deg,oklch(0.42_0.17_259),oklch(0.27_0.1_265))] p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-2.5">
          <BrandMark className="ring-1 ring-white/30 rounded-[7px]" />
          <span className="text-[0.9375rem] font-semibold tracking-tight">{PRODUCT_NAME}</span>
        </div>
        <div className="max-w-md space-y-4">
          <p className="text-3xl leading-tight font-semibold tracking-tight text-balance">{PRODUCT_TAGLINE}</p>
          <p className="text-base text-white/80">
            {t`Allocate licenses, manage shared pools and follow every migration from one portal.`}
          </p>
        </div>
        <p className="text-sm text-white/70">© {new Date().getFullYear()} MigrateHub</p>
        <div
          aria-hidden
          className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full border-[48px] border-white/5"
        />
      </aside>
      <div className="relative flex flex-col bg-background">
        <header className="flex items-center justify-between p-4 sm:p-6">
          <BrandLogo className="lg:invisible" />
          <ThemeToggle />
        </header>
        <main className="flex flex-1 items-center justify-center px-4 pb-16 sm:px-6">
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
    </div>
  );
}

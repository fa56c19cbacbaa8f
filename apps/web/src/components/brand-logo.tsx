import { cn } from '@/lib/utils';

export const PRODUCT_NAME = 'MigrateHub License Portal';
export const PRODUCT_TAGLINE = '25 years of excellence in mailbox migration';

/** The product mark: an "M" route between two mailboxes. Decorative; the name is text beside it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="oklch(0.5 0.18 259)" />
      <path
        d="M8 22V10l8 7 8-7v12"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="22" r="2.2" fill="#7dd3fc" />
    </svg>
  );
}

/** Mark and product name; `tagline` adds the years-of-excellence line under the name. */
export function BrandLogo({ tagline = false, className }: { tagline?: boolean; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-2.5', className)}>
      <BrandMark />
      <div className="grid min-w-0 leading-tight">
        <span className="truncate text-[0.9375rem] font-semibold tracking-tight">{PRODUCT_NAME}</span>
        {/* On a phone the line wraps rather than losing its end; the bar has room for two lines. */}
        {tagline && <span className="text-xs text-muted-foreground sm:truncate">{PRODUCT_TAGLINE}</span>}
      </div>
    </div>
  );
}

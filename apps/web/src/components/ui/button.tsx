import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 text-sm font-medium whitespace-nowrap',
    'transition-[color,background-color,border-color,box-shadow] outline-none select-none',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive-strong text-white shadow-xs hover:bg-destructive-strong/90',
        outline:
          'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/10',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 rounded-md px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9 rounded-md',
        // The theme switch: no class to override, as the lean login page has no tailwind-merge.
        'icon-round': 'size-9 rounded-full',
        'icon-sm': 'size-8 rounded-md',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

/**
 * A link that looks like a button takes these classes (`<Link className={buttonClassName()}>`):
 * Button has no `asChild`, so that Radix's Slot stays off the login page (decision 041).
 */
export function buttonClassName(options?: Parameters<typeof buttonVariants>[0]): string {
  return cn(buttonVariants(options));
}

export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button data-slot="button" className={buttonClassName({ variant, size, className })} {...props} />;
}

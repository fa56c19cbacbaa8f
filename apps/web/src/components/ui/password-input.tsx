import { EyeIcon, EyeOffIcon } from './lean-icons';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { inputClassName } from './input';

/** A password input with a show/hide button; every input prop goes to the <input>. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        type={visible ? 'text' : 'password'}
        data-slot="input"
        className={cn(inputClassName, 'pr-10', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        disabled={props.disabled}
        className={cn(
          'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground',
          'outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        {visible ? <EyeOffIcon className="size-4" aria-hidden /> : <EyeIcon className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

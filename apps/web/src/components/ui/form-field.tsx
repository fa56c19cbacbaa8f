import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { saidInLanguage } from '@/lib/said-in-language';
import { cn } from '@/lib/utils';
import { CharacterCount } from './character-count';
import { Label } from './label';

type FormFieldProps = {
  label: ReactNode;
  /** The field's validation message (client or server); shown under the control. */
  error?: string;
  description?: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  labelAction?: ReactNode;
  className?: string;
  /** A limited text field: its current length and limit, counted as one types ("12/100"). */
  count?: { length: number; max: number };
  /** One control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
};

/** The one form-field wrapper: label, control, description and error, wired for screen readers. */
export function FormField({ label, error, description, labelAction, className, count, children }: FormFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const limitId = count ? `${id}-limit` : undefined;
  const describedBy = [descriptionId, limitId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id} className={cn(error && 'text-destructive')}>
          {label}
        </Label>
        {labelAction}
      </div>
      {withControlProps(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {(error || count) && (
        <div className="flex items-start gap-2">
          {error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {saidInLanguage(error)}
            </p>
          )}
          {count && limitId && <CharacterCount length={count.length} max={count.max} limitId={limitId} />}
        </div>
      )}
    </div>
  );
}

/**
 * The control with the field's props, its own winning as with Radix's Slot; written out so that
 * Radix stays off the login page (docs/decisions/041-login-page-at-80-kb.md).
 */
function withControlProps(control: ReactElement, fieldProps: Record<string, unknown>): ReactElement {
  const own = control.props as Record<string, unknown>;
  return cloneElement(control as ReactElement<Record<string, unknown>>, { ...fieldProps, ...own });
}

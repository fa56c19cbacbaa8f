import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

type SubmitButtonProps = ButtonProps & {
  /** The request is on its way: the button is disabled, says so (aria-busy) and spins. */
  busy: boolean;
  /** What the button reads while busy ("Creating..."); by default its children stay. */
  busyText?: string;
};

/**
 * The button that sends a form (or, with `type="button"` and `onClick`, a confirmation): one look
 * for the busy state everywhere.
 */
export function SubmitButton({ busy, busyText, disabled, type = 'submit', children, ...props }: SubmitButtonProps) {
  return (
    <Button type={type} disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy && <Spinner />}
      {busy && busyText ? busyText : children}
    </Button>
  );
}

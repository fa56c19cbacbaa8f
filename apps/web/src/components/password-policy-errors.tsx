import { saidInLanguage } from '@/lib/said-in-language';

/** docs/product.md: every rule the new password breaks, listed in red under the form. */
export function PasswordPolicyErrors({ errors, id }: { errors: readonly string[]; id?: string }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} aria-live="polite" className="grid gap-1 text-sm text-destructive" data-testid="password-policy-errors">
      {errors.map((error) => (
        <li key={error}>{saidInLanguage(error)}</li>
      ))}
    </ul>
  );
}

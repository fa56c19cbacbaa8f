import { format, isValid, parseISO } from 'date-fns';

/** Spec section 9: dates with a time read dd/MM/yyyy HH:mm:ss, in the viewer's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm:ss') : '—';
}

/** Spec section 9: dates without a time read dd/MM/yyyy. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd/MM/yyyy') : '—';
}

/** The avatar fallback: the first letter of the name, or of the email when there is no name. */
export function initialOf(name: string, email = ''): string {
  return (name.trim() || email.trim()).charAt(0).toUpperCase() || '?';
}

/** Fills a message of the spec written with `{name}` slots, e.g. '{n} users to add'. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot));
}

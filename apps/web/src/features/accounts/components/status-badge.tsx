import { Badge } from '@/components/ui/badge';

/** Spec section 2: an account is Active or Inactive. */
export function StatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

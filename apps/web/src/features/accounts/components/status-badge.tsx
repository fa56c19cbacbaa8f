import { t } from '@lingui/core/macro';
import { Badge } from '@/components/ui/badge';

/** docs/product.md: an account is Active or Inactive. */
export function StatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'muted'}>{active ? t`Active` : t`Inactive`}</Badge>;
}

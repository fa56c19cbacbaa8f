import type { LicenseStatus } from '@portal/contracts/licenses';
import { Badge } from '@/components/ui/badge';
import { statusLabel } from './stock-words';

const VARIANTS = { Active: 'success', Expired: 'muted', Exhausted: 'secondary' } as const;

/** A lot is Active, Expired (its expiry passed) or Exhausted (nothing of it left anywhere). */
export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  return <Badge variant={VARIANTS[status]}>{statusLabel(status)}</Badge>;
}

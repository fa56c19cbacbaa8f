import { AuditTrailPage } from '@/features/audit/components/audit-trail-page';

/** `/audit-trail`: Admin and Auditor (their organisation), SuperAdmin (everything). */
export function AuditTrailRoute() {
  return <AuditTrailPage />;
}

import { t } from '@lingui/core/macro';
import type { DurationType, LicenseStatus } from '@portal/contracts/licenses';
import type { LicenseMovement, MovementAction } from '@portal/contracts/movements';

// The licensing screens' words for the values the API sends in English (statuses, movement
// actions and targets), in the language shown: the values themselves stay as sent (filters, URLs).

export const statusLabel = (status: LicenseStatus): string =>
  ({ Active: t`Active`, Expired: t`Expired`, Exhausted: t`Exhausted` })[status];

/** A lot's duration type, as Create License offers it: the value stays the one sent. */
export const durationTypeLabel = (type: DurationType): string => ({ Perpetual: t`Perpetual`, Fixed: t`Fixed` })[type];

export const actionLabel = (action: MovementAction): string =>
  ({
    Issue: t`Issue`,
    Allocate: t`Allocate`,
    Revoke: t`Revoke`,
    Reserve: t`Reserve`,
    Consume: t`Consume`,
    Release: t`Release`,
  })[action];

/** Where a movement went. A node-locked license binds a unit to a migration machine: say so. */
export const targetLabel = (target: LicenseMovement['targetType']): string => {
  const labels: Record<LicenseMovement['targetType'], string> = {
    User: t`User`,
    Pool: t`Pool`,
    Mailbox: t`Mailbox`,
    Machine: t`Machine (node-locked)`,
  };
  return labels[target];
};

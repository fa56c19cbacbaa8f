import { t } from '@lingui/core/macro';
import type { Pool } from '@portal/contracts/pools';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { durationLabel, usageLabel } from '@/lib/license-format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const numbers = () =>
  [
    [t`Total`, 'totalCount'],
    [t`Available`, 'availableCount'],
    [t`Consumed`, 'consumedCount'],
    [t`In Transit`, 'inTransitCount'],
  ] as const;

type PoolAllocationsDialogProps = { pool: Pool; open: boolean; onOpenChange: (open: boolean) => void };

/** The license groups a pool holds, or 'No allocation found for this pool.' */
export function PoolAllocationsDialog({ pool, open, onOpenChange }: PoolAllocationsDialogProps) {
  const licenses = pool.groupedLicenses;
  const NUMBERS = numbers();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t`Allocations`}</DialogTitle>
          <DialogDescription>{pool.name}</DialogDescription>
        </DialogHeader>
        {licenses.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t`No allocation found for this pool.`}
          </p>
        ) : (
          <div className="max-h-[300px] overflow-y-auto rounded-md border">
            <Table aria-label={t`Allocations of ${pool.name}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t`Product`}</TableHead>
                  <TableHead>{t`Edition`}</TableHead>
                  <TableHead>{t`Duration`}</TableHead>
                  <TableHead>{t`Usage`}</TableHead>
                  {NUMBERS.map(([label]) => (
                    <TableHead key={label} className="text-right">
                      {label}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {licenses.map((license) => (
                  <TableRow key={license.groupKey}>
                    <TableCell>
                      <span className="font-medium">{license.productName}</span>
                      <span className="block text-xs text-muted-foreground">{license.productCode}</span>
                    </TableCell>
                    <TableCell>{license.edition ?? '-'}</TableCell>
                    <TableCell>{durationLabel(license)}</TableCell>
                    <TableCell>{usageLabel(license.usageType)}</TableCell>
                    {NUMBERS.map(([label, key]) => (
                      <TableCell key={label} className="text-right tabular-nums">
                        {license[key]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

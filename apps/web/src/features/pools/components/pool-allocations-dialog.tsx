import type { Pool } from '@portal/contracts/pools';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { durationLabel, usageLabel } from '@/lib/license-format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const NUMBERS = [
  ['Total', 'totalCount'],
  ['Available', 'availableCount'],
  ['Consumed', 'consumedCount'],
  ['In Transit', 'inTransitCount'],
] as const;

type PoolAllocationsDialogProps = { pool: Pool; open: boolean; onOpenChange: (open: boolean) => void };

/** The license groups a pool holds, or 'No allocation found for this pool.' */
export function PoolAllocationsDialog({ pool, open, onOpenChange }: PoolAllocationsDialogProps) {
  const licenses = pool.groupedLicenses;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Allocations</DialogTitle>
          <DialogDescription>{pool.name}</DialogDescription>
        </DialogHeader>
        {licenses.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            No allocation found for this pool.
          </p>
        ) : (
          <div className="max-h-[300px] overflow-y-auto rounded-md border">
            <Table aria-label={`Allocations of ${pool.name}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Product</TableHead>
                  <TableHead>Edition</TableHead>
                  <TableHead>Duration</TableHead>
                  <TableHead>Usage</TableHead>
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

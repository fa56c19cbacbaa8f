import { t } from '@lingui/core/macro';
import type { BoundUnit, MachineDetail } from '@portal/contracts/machines';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useMachine } from '../api/get-machine';
import { StatusBadge } from './report-cells';
import { reportDateTime, withZone } from './report-format';
import { jobPath, jobsPath } from './report-links';
import type { ReleaseChoice } from './release-machine-dialog';

type MachineDetailDialogProps = {
  /** The machine to show; null keeps the dialog closed. */
  machineId: string | null;
  onOpenChange: (open: boolean) => void;
  /** An Admin's actions, opened over this dialog. */
  onRelease: (target: ReleaseChoice) => void;
  onBlock: (target: { machineName: string; blocked: boolean }) => void;
};

/**
 * A machine's detail, the Machine View's row detail (decision 045): its computer, its block, the
 * node-locked licenses bound to it (product, lot, pool, since) and its latest jobs. An Admin
 * releases a license (or all of them) and blocks or unblocks the machine from here.
 */
export function MachineDetailDialog({ machineId, onOpenChange, onRelease, onBlock }: MachineDetailDialogProps) {
  return (
    <Dialog open={machineId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        {machineId && <MachineDetailBody machineId={machineId} onRelease={onRelease} onBlock={onBlock} />}
      </DialogContent>
    </Dialog>
  );
}

function MachineDetailBody({
  machineId,
  onRelease,
  onBlock,
}: { machineId: string } & Pick<MachineDetailDialogProps, 'onRelease' | 'onBlock'>) {
  const machine = useMachine(machineId);
  if (!machine.data) {
    return (
      <DialogHeader>
        <DialogTitle>{t`Machine`}</DialogTitle>
        <DialogDescription role={machine.error ? 'alert' : undefined}>
          {machine.error
            ? machine.error instanceof ApiError
              ? machine.error.message
              : t`The machine could not be loaded.`
            : t`Loading...`}
        </DialogDescription>
      </DialogHeader>
    );
  }
  const detail = machine.data;
  const releasable = detail.boundUnits.some((unit) => unit.releasable);
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{detail.name}</DialogTitle>
        <DialogDescription>{t`The machine's computer, its node-locked licenses and its latest jobs.`}</DialogDescription>
      </DialogHeader>
      <MachineFacts detail={detail} />
      <BoundUnits detail={detail} onRelease={onRelease} />
      <LatestJobs detail={detail} />
      {(detail.manageable || releasable) && (
        <div className="flex flex-wrap justify-end gap-2">
          {releasable && (
            <Button variant="outline" onClick={() => onRelease({ machineName: detail.name })}>
              {t`Release all`}
            </Button>
          )}
          {detail.manageable && (
            <Button
              variant={detail.blocked ? 'outline' : 'destructive'}
              onClick={() => onBlock({ machineName: detail.name, blocked: !detail.blocked })}
            >
              {detail.blocked ? t`Unblock machine` : t`Block machine`}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** "since 01/12/2026 10:00:00 by Alex Admin: its calls are refused." */
function blockedText(detail: MachineDetail): string {
  const since = reportDateTime(detail.blockedAt);
  const by = detail.blockedByName;
  return by ? t`since ${since} by ${by}: its calls are refused.` : t`since ${since}: its calls are refused.`;
}

function MachineFacts({ detail }: { detail: MachineDetail }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{t`Fingerprint`}</dt>
      <dd className="font-mono break-all">{detail.fingerprint ?? t`None reported`}</dd>
      <dt className="text-muted-foreground">{withZone(t`Last report`)}</dt>
      <dd className="tabular-nums">{reportDateTime(detail.lastSeenAt)}</dd>
      <dt className="text-muted-foreground">{t`Status`}</dt>
      <dd>
        {detail.blocked ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge variant="destructive">{t`Blocked`}</Badge>
            <span>{blockedText(detail)}</span>
          </span>
        ) : (
          <Badge variant="success">{t`Active`}</Badge>
        )}
      </dd>
    </dl>
  );
}

/** "Release Mailbox Migration (lot 1a2b3c4d)": a bound unit's Release button, named. */
function releaseLabel(unit: BoundUnit): string {
  const product = unit.productName;
  const lot = unit.licenseId.slice(0, 8);
  return t`Release ${product} (lot ${lot})`;
}

function BoundUnits({ detail, onRelease }: { detail: MachineDetail; onRelease: (target: ReleaseChoice) => void }) {
  const release = (unit: BoundUnit) =>
    onRelease({
      machineName: detail.name,
      licenseId: unit.licenseId,
      productName: unit.productName,
      poolName: unit.poolName,
    });
  return (
    <section aria-labelledby="machine-bound-units" className="grid gap-2">
      <h3 id="machine-bound-units" className="font-semibold">
        {t`Bound licenses`}
      </h3>
      {detail.boundUnits.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t`No node-locked license is bound to this machine.`}</p>
      ) : (
        <Table aria-labelledby="machine-bound-units">
          <TableHeader>
            <TableRow>
              <TableHead>{t`Product`}</TableHead>
              <TableHead>{t`Lot`}</TableHead>
              <TableHead>{t`Pool`}</TableHead>
              <TableHead>{withZone(t`Since`)}</TableHead>
              <TableHead>{withZone(t`Expires`)}</TableHead>
              <TableHead>
                <span className="sr-only">{t`Actions`}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.boundUnits.map((unit) => (
              <TableRow key={`${unit.poolId}/${unit.licenseId}`}>
                <TableCell>{unit.productName}</TableCell>
                <TableCell className="font-mono" title={unit.licenseId}>
                  {unit.licenseId.slice(0, 8)}
                </TableCell>
                <TableCell>{unit.poolName}</TableCell>
                <TableCell className="tabular-nums">{reportDateTime(unit.boundAt)}</TableCell>
                <TableCell className="tabular-nums">
                  {unit.expiresAt ? reportDateTime(unit.expiresAt) : t`Never`}
                </TableCell>
                <TableCell className="text-right">
                  {unit.releasable && (
                    <Button variant="ghost" size="sm" onClick={() => release(unit)} aria-label={releaseLabel(unit)}>
                      {t`Release`}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function LatestJobs({ detail }: { detail: MachineDetail }) {
  const { jobCount, name } = detail;
  return (
    <section aria-labelledby="machine-latest-jobs" className="grid gap-2">
      <h3 id="machine-latest-jobs" className="font-semibold">
        {t`Latest jobs`}
      </h3>
      {detail.jobs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t`No job in your scope ran on this machine.`}</p>
      ) : (
        <Table aria-labelledby="machine-latest-jobs">
          <TableHeader>
            <TableRow>
              <TableHead>{t`Job`}</TableHead>
              <TableHead>{t`User`}</TableHead>
              <TableHead>{t`Status`}</TableHead>
              <TableHead>{withZone(t`Start`)}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.jobs.map((job) => (
              <TableRow key={job.id}>
                <TableCell>
                  <Link to={jobPath(job.id)} className="text-primary underline-offset-4 hover:underline">
                    {job.name}
                  </Link>
                </TableCell>
                <TableCell>{job.userName}</TableCell>
                <TableCell>
                  <StatusBadge status={job.status} />
                </TableCell>
                <TableCell className="tabular-nums">{reportDateTime(job.startDate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Link
        to={jobsPath({ machineName: detail.name })}
        className="text-sm text-primary underline-offset-4 hover:underline"
      >
        {t`All ${jobCount} jobs on ${name}`}
      </Link>
    </section>
  );
}

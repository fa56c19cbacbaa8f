import { AUDIT_ACTIONS, type AuditAction } from '@portal/contracts/audit';
import { auditActionLabel } from '@portal/contracts/labels';
import { ROUTES } from '@portal/contracts/routes';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PickedDate } from '@/components/picked-date';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuditEvents } from '../api/get-audit-events';
import { auditColumns } from './audit-columns';

export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;

/** The Select's stand-in for "no filter" (Radix items cannot have an empty value). */
const ALL = '__all__';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One filter kept in the URL (`?action=…`, `?from=2026-11-01`); changing it goes back to page 1. */
function useUrlParam(key: string, valid: (value: string) => boolean) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value = raw !== null && valid(raw) ? raw : undefined;
  const onChange = useCallback(
    (next: string | undefined) => {
      setParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next) params.set(key, next);
          else params.delete(key);
          params.delete('page');
          return params;
        },
        { replace: true },
      );
    },
    [key, setParams],
  );
  return [value, onChange] as const;
}

/** The start of a local day (yyyy-MM-dd) as an instant, `days` later. */
function startOfDay(day: string | undefined, days = 0): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days).toISOString();
}

/** `/audit-trail` (Admin, Auditor, SuperAdmin): the security events of the caller's scope, newest first. */
export function AuditTrailPage() {
  const urlState = useTableUrlState({ pageSizes: AUDIT_PAGE_SIZES, defaultPageSize: 50 });
  const { pageIndex, pageSize } = urlState.pagination;
  const [action, setAction] = useUrlParam('action', (value) => (AUDIT_ACTIONS as readonly string[]).includes(value));
  const [from, setFrom] = useUrlParam('from', (value) => DAY.test(value));
  const [to, setTo] = useUrlParam('to', (value) => DAY.test(value));
  const filters = {
    action: action as AuditAction | undefined,
    from: startOfDay(from),
    // The last day shown is included: the query's `to` is the start of the day after.
    to: startOfDay(to, 1),
  };
  const events = useAuditEvents({ pageNumber: pageIndex + 1, pageSize, email: urlState.filter, ...filters });
  const table = useServerTable({
    data: events.data?.rows,
    columns: auditColumns,
    totalCount: events.data?.totalCount,
    urlState,
    getRowId: (row) => String(row.id),
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Audit Trail"
        description="Sign-ins, password and account changes, EULA acceptance and license changes, newest first."
        actions={
          <ExportCsvButton
            route={ROUTES.exportAudit}
            query={{ ...filters, email: urlState.filter.trim() || undefined }}
            fallbackName="audit-trail.csv"
          />
        }
      />
      <div className="grid gap-4">
        <ListTable
          table={table}
          label="Audit Trail"
          pageSizes={AUDIT_PAGE_SIZES}
          query={events}
          filter={{
            value: urlState.filter,
            onChange: urlState.onFilterChange,
            placeholder: 'Filter by account email...',
          }}
        >
          <Select value={action ?? ALL} onValueChange={(next) => setAction(next === ALL ? undefined : next)}>
            <SelectTrigger aria-label="Action" className="h-9 w-full sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All actions</SelectItem>
              {AUDIT_ACTIONS.map((value) => (
                <SelectItem key={value} value={value}>
                  {auditActionLabel(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <DayRange from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
        </ListTable>
      </div>
    </div>
  );
}

type DayRangeProps = {
  from: string | undefined;
  to: string | undefined;
  onFromChange: (day: string | undefined) => void;
  onToChange: (day: string | undefined) => void;
};

/** The From and To days (yyyy-MM-dd), each with the chosen day in the tables' format beside it. */
function DayRange({ from, to, onFromChange, onToChange }: DayRangeProps) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="audit-from">From</Label>
      <Input
        id="audit-from"
        type="date"
        className="h-9 w-40"
        value={from ?? ''}
        aria-describedby="audit-from-day"
        onChange={(event) => onFromChange(event.target.value || undefined)}
      />
      <PickedDate id="audit-from-day" value={from} />
      <Label htmlFor="audit-to">To</Label>
      <Input
        id="audit-to"
        type="date"
        className="h-9 w-40"
        value={to ?? ''}
        aria-describedby="audit-to-day"
        onChange={(event) => onToChange(event.target.value || undefined)}
      />
      <PickedDate id="audit-to-day" value={to} />
    </div>
  );
}

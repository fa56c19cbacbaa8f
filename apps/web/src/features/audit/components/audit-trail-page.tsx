import { t } from '@lingui/core/macro';
import { AUDIT_ACTIONS } from '@portal/contracts/audit';
import { dayStartIn } from '@portal/contracts/dates';
import { ROUTES } from '@portal/contracts/routes';
import { useMemo } from 'react';
import { ListFilter, useUrlChoice } from '@/components/data-table/list-filter';
import { ListPage } from '@/components/data-table/list-page';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PickedDate } from '@/components/picked-date';
import { viewerTimeZone } from '@/lib/time-zone';
import { useAuditEvents } from '../api/get-audit-events';
import { auditColumns } from './audit-columns';
import { auditActionOptions } from './audit-words';

export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a day (yyyy-MM-dd) in the viewer's time zone as an instant, `days` later. */
function startOfDay(day: string | undefined, days = 0): string | undefined {
  return day ? dayStartIn(day, viewerTimeZone(), days).toISOString() : undefined;
}

/** `/audit-trail` (Admin, Auditor, SuperAdmin): the security events of the caller's scope, newest first. */
export function AuditTrailPage() {
  const urlState = useTableUrlState({ pageSizes: AUDIT_PAGE_SIZES, defaultPageSize: 50 });
  const { pageIndex, pageSize } = urlState.pagination;
  const [action, setAction] = useUrlChoice('action', AUDIT_ACTIONS);
  const [from, setFrom] = useUrlChoice('from', (value) => DAY.test(value));
  const [to, setTo] = useUrlChoice('to', (value) => DAY.test(value));
  const filters = {
    action,
    from: startOfDay(from),
    // The last day shown is included: the query's `to` is the start of the day after.
    to: startOfDay(to, 1),
  };
  const events = useAuditEvents({ pageNumber: pageIndex + 1, pageSize, email: urlState.filter, ...filters });
  const columns = useMemo(() => auditColumns(), []);
  const table = useServerTable({
    data: events.data?.rows,
    columns,
    totalCount: events.data?.totalCount,
    urlState,
    getRowId: (row) => String(row.id),
  });

  return (
    <ListPage
      title={t`Audit Trail`}
      description={t`Sign-ins, password and account changes, EULA acceptance and license changes, newest first.`}
      actions={
        <ExportCsvButton
          route={ROUTES.exportAudit}
          query={{ ...filters, email: urlState.filter.trim() || undefined }}
          fallbackName="audit-trail.csv"
        />
      }
      table={table}
      pageSizes={AUDIT_PAGE_SIZES}
      query={events}
      filter={{
        value: urlState.filter,
        onChange: urlState.onFilterChange,
        placeholder: t`Filter by account email...`,
      }}
    >
      <ListFilter
        label={t`Action`}
        allLabel={t`All actions`}
        value={action}
        onChange={setAction}
        options={auditActionOptions(AUDIT_ACTIONS)}
      />
      <DayRange from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
    </ListPage>
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
    // Each day with its label stays on one line; on a phone, To goes under From.
    <div className="flex flex-wrap items-center gap-2">
      <DayField id="audit-from" label={t`From`} value={from} onChange={onFromChange} />
      <DayField id="audit-to" label={t`To`} value={to} onChange={onToChange} />
    </div>
  );
}

type DayFieldProps = {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
};

/** One day of the range: its label, the browser's date field, and the day in the tables' format. */
function DayField({ id, label, value, onChange }: DayFieldProps) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="h-9 w-40"
        value={value ?? ''}
        aria-describedby={`${id}-day`}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
      <PickedDate id={`${id}-day`} value={value} />
    </div>
  );
}

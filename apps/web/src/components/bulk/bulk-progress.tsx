import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { BulkOperation } from '@portal/contracts/bulk';
import { Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useBulkOperation, useBulkRows, useUndoBulk } from './bulk-api';

const count = (n: number) => n.toLocaleString(i18n.locale);

function Progress({ data }: { data: BulkOperation }) {
  const settled = data.total - data.counts.queued;
  const [doneRows, total] = [count(settled), count(data.total)];
  const [changed, failed] = [count(data.counts.done), count(data.counts.failed)];
  return (
    <div className="grid gap-1.5">
      <ProgressBar label={t`Rows changed`} value={settled} max={data.total} />
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {data.status === 'Running'
          ? t`${doneRows} of ${total} rows done`
          : t`Done: ${changed} changed, ${failed} not changed.`}
      </p>
    </div>
  );
}

/** The targets and what became of each: failed first, the first 100. */
function ResultRows({ id, live }: { id: string; live: boolean }) {
  const rows = useBulkRows(id, live);
  if (!rows.data) return null;
  const more = rows.data.totalCount - rows.data.rows.length;
  return (
    <div className="grid gap-1">
      {/* Focusable, so that a keyboard scrolls it (it scrolls past a dozen rows). */}
      <ul
        aria-label={t`Result per row`}
        tabIndex={0}
        className="max-h-64 divide-y overflow-y-auto rounded-md border text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {rows.data.rows.map((row) => (
          <li key={row.position} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-1.5">
            <span className="min-w-0 font-medium break-words">{row.targetName}</span>
            <span
              className={
                row.status === 'Failed'
                  ? 'text-destructive'
                  : row.status === 'Queued'
                    ? 'text-muted-foreground'
                    : 'text-foreground'
              }
            >
              {row.status === 'Queued' ? t`Waiting…` : row.message}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="text-xs text-muted-foreground">
          {plural(more, { one: 'And # more rows.', other: 'And # more rows.' })}
        </p>
      )}
    </div>
  );
}

/**
 * A bulk change as it runs (decision 049): a progress bar read every second, the result of each
 * target, and Undo for a batch of units until its deadline. Undo shows the undo's own progress.
 */
export function BulkProgress({ id: first }: { id: string }) {
  const [id, setId] = useState(first);
  const operation = useBulkOperation(id);
  const undo = useUndoBulk(id);
  const data = operation.data;
  const units = count(data?.units ?? 0);
  const until = data?.undoUntil ? formatDateTime(data.undoUntil) : '';
  if (!data) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {t`Starting…`}
      </p>
    );
  }
  return (
    <div className="grid min-w-0 gap-3">
      <p className="font-medium">{data.summary}</p>
      <Progress data={data} />
      <ResultRows id={id} live={data.status === 'Running'} />
      {data.undoUntil && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            disabled={undo.isPending}
            onClick={() => undo.mutate(undefined, { onSuccess: (next) => setId(next.id) })}
          >
            <Undo2Icon aria-hidden />
            {undo.isPending ? t`Undoing...` : t`Undo all ${units} units`}
          </Button>
          <span className="text-xs text-muted-foreground">{t`Until ${until}`}</span>
        </div>
      )}
    </div>
  );
}

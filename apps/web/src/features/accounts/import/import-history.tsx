import { plural, t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { useAccountImports } from './import-api';

const statusLabel = (status: 'Planned' | 'Applying' | 'Done'): string =>
  ({ Planned: t`Not applied`, Applying: t`Creating users`, Done: t`Done` })[status];

/** The Admin's ten latest imports, each a link to its page. */
export function ImportHistory({ current }: { current: string | undefined }) {
  const imports = useAccountImports();
  const list = imports.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="import-history-title" className="grid gap-2">
      <h2 id="import-history-title" className="text-lg font-semibold">
        {t`Recent imports`}
      </h2>
      <ul className="grid gap-2">
        {list.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
          >
            <Link
              to={`${PAGES.importUsers}?id=${encodeURIComponent(item.id)}`}
              aria-current={item.id === current ? 'page' : undefined}
              className="font-medium underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:underline"
            >
              {item.fileName}
            </Link>
            <span className="flex flex-wrap items-center gap-2 text-muted-foreground tabular-nums">
              {formatDateTime(item.createdAt)}
              <Badge variant="muted">{statusLabel(item.status)}</Badge>
              {item.status === 'Planned'
                ? plural(item.counts.create, { other: '# to create' })
                : plural(item.counts.created, { other: '# created' })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

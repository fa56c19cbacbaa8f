import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { buttonClassName } from '@/components/ui/button';
import { useAccountImport } from './import-api';
import { ImportHistory } from './import-history';
import { ImportRows } from './import-rows';
import { ImportSummary } from './import-summary';
import { ImportUpload } from './import-upload';

/**
 * `/child-accounts/import` (decision 047): upload a CSV file, read its dry run row by row, apply it
 * and follow the progress; `?id=` keeps the import on screen across a reload.
 */
export function ImportUsersPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const current = useAccountImport(id);
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`Import users`}
        description={t`Create many users at once from a CSV file: check it first, then apply it.`}
        actions={
          <Link to={PAGES.childAccounts} className={buttonClassName({ variant: 'outline' })}>
            <ArrowLeftIcon aria-hidden />
            {t`Back to Users`}
          </Link>
        }
      />
      <ImportUpload onChecked={(checked) => setParams({ id: checked })} />
      {id && current.isPending && <Spinner />}
      {id && current.isError && (
        <p role="alert" className="text-sm text-destructive">
          {current.error.message}
        </p>
      )}
      {current.data && (
        <>
          <ImportSummary data={current.data} />
          <ImportRows key={`${current.data.id}-${current.data.status === 'Planned'}`} data={current.data} />
        </>
      )}
      <ImportHistory current={id} />
    </div>
  );
}

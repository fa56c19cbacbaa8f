import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import type { LotSummary } from '@portal/contracts/trace';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useLotConsumption } from '../api/get-lot-consumption';
import { LotConsumptionTab } from './lot-consumption-tab';

type Tab = 'summary' | 'consumption';

function LotSummaryList({ lot }: { lot: LotSummary }) {
  const items: [string, string][] = [
    [t`Product`, `${lot.productName} (${lot.productCode})`],
    [t`Edition`, lot.edition],
    [t`Customer`, lot.customerName],
    [t`Order`, lot.orderId ?? '-'],
    [t`Units`, String(lot.totalCount)],
    [t`Consumed`, String(lot.consumed)],
  ];
  return (
    <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/licenses/{licenseId}`: a lot's summary and its Consumption tab (decision 046). */
export function LotPage({ licenseId, tab }: { licenseId: string; tab: Tab }) {
  const navigate = useNavigate();
  const consumption = useLotConsumption(licenseId);
  const lot = consumption.data?.pages[0]?.lot;
  const rows = consumption.data?.pages.flatMap((page) => page.rows) ?? [];
  const back = (
    <Link className="text-sm underline-offset-4 hover:underline" to={PAGES.licenses}>
      {t`Back to Licenses`}
    </Link>
  );
  if (consumption.isError) {
    const missing = consumption.error instanceof ApiError && consumption.error.status === 404;
    return (
      <div className="grid gap-6">
        <PageHeader title={t`Lot`} />
        <p role="alert">{missing ? t`This lot was not found.` : t`The lot could not be loaded.`}</p>
        {back}
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      {back}
      <PageHeader
        title={lot ? `${lot.productName} · ${lot.edition}` : t`Lot`}
        description={lot ? t`${lot.consumed} of ${lot.totalCount} units consumed` : undefined}
      />
      {!lot ? (
        <Spinner label={t`Loading the lot`} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(next) =>
            void navigate(next === 'consumption' ? PAGES.lot(licenseId, 'consumption') : PAGES.lot(licenseId), {
              replace: true,
            })
          }
        >
          <TabsList aria-label={t`Lot`}>
            <TabsTrigger value="summary">{t`Summary`}</TabsTrigger>
            <TabsTrigger value="consumption">{t`Consumption`}</TabsTrigger>
          </TabsList>
          <TabsContent value="summary">
            <LotSummaryList lot={lot} />
          </TabsContent>
          <TabsContent value="consumption">
            <LotConsumptionTab
              licenseId={licenseId}
              rows={rows}
              hasMore={consumption.hasNextPage}
              loadingMore={consumption.isFetchingNextPage}
              onMore={() => void consumption.fetchNextPage()}
            />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

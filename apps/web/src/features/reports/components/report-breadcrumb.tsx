import { t } from '@lingui/core/macro';
import { ChevronRightIcon } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

/**
 * The way back up the drill-down (Machine/User -> Jobs -> Mailboxes -> Folders). The last crumb is
 * the screen itself.
 */
export function ReportBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label={t`Breadcrumb`}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${index}-${crumb.label}`}>
              <li className="min-w-0 [overflow-wrap:anywhere]">
                {crumb.to && !last ? (
                  <Link to={crumb.to} className="underline-offset-4 hover:text-foreground hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current={last ? 'page' : undefined} className={last ? 'text-foreground' : undefined}>
                    {crumb.label}
                  </span>
                )}
              </li>
              {!last && (
                <li role="presentation" aria-hidden>
                  <ChevronRightIcon className="size-3.5" />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}

import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';

/** The way back from a pool's pages to the pools list. */
export function BackToPools() {
  return (
    <Link
      to={PAGES.licensePools}
      className={buttonClassName({
        variant: 'link',
        className: 'w-fit px-0 text-muted-foreground hover:text-foreground has-[>svg]:px-0',
      })}
    >
      <ArrowLeftIcon aria-hidden />
      {t`Shared License Pools`}
    </Link>
  );
}

import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';

/**
 * docs/product.md: 'Back to Login' goes back in history. Opened directly (a link in an email, a new
 * tab), there is nothing to go back to, so it goes to `/` instead.
 */
export function BackToLoginLink() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to={PAGES.signIn}
      onClick={(event) => {
        if (!canGoBack(location.key)) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeftIcon aria-hidden className="size-4" />
      {t`Back to Login`}
    </Link>
  );
}

/**
 * Whether the tab has an earlier page of the portal: one the router navigated from, or the page
 * that loaded this one (the lean login page leaves with a page load).
 */
function canGoBack(locationKey: string): boolean {
  if (locationKey !== 'default') return true;
  if (window.history.length < 2 || !document.referrer) return false;
  return new URL(document.referrer).origin === window.location.origin;
}

import { PAGES } from '@portal/contracts/pages';
import { ArrowLeftIcon, HouseIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { hasSession } from '@/lib/session';
import { cn } from '@/lib/utils';

export type ErrorCode = 401 | 404 | 500 | 503;

/**
 * Home is the dashboard (docs/product.md) for a signed-in user; signed out, it is the login, since
 * the signed-in pages would only answer with another error page.
 */
export function homePath(): string {
  return hasSession() ? PAGES.dashboard : PAGES.signIn;
}

/** docs/product.md, error pages: the wording of each code. */
const ERRORS: Record<ErrorCode, { title: string; description: string }> = {
  401: {
    title: 'Unauthorized Access',
    description: "You don't have permission to view this resource. Please log in with the appropriate credentials.",
  },
  404: {
    title: 'Oops! Page Not Found!',
    description: "It seems like the page you're looking for does not exist or might have been removed.",
  },
  500: {
    title: 'Oops! Something went wrong',
    description: 'We apologize for the inconvenience. Please try again later.',
  },
  503: {
    title: 'Website is under maintenance!',
    description: "The site is not available at the moment. We'll be back online shortly.",
  },
};

type ErrorViewProps = {
  code: ErrorCode;
  /** Standalone pages fill the viewport; inside the shell the view fills the content area. */
  fullScreen?: boolean;
  /** Replaces the default Go Back / Back to Home buttons. */
  actions?: ReactNode;
};

export function ErrorView({ code, fullScreen = false, actions }: ErrorViewProps) {
  const navigate = useNavigate();
  const { title, description } = ERRORS[code];
  // A standalone page is the whole document, so it is its own main landmark; in the shell the
  // shell's <main> holds it.
  const Root = fullScreen ? 'main' : 'div';
  return (
    <Root
      className={cn(
        'flex flex-col items-center justify-center gap-2 px-4 py-16 text-center',
        fullScreen ? 'min-h-svh bg-background' : 'h-full min-h-[60vh]',
      )}
    >
      <p aria-hidden className="text-[7rem] leading-none font-bold tracking-tight text-muted-foreground select-none">
        {code}
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{description}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Button variant="outline" onClick={() => void navigate(-1)}>
              <ArrowLeftIcon aria-hidden />
              Go Back
            </Button>
            <Link to={homePath()} className={buttonClassName()}>
              <HouseIcon aria-hidden />
              Back to Home
            </Link>
          </>
        )}
      </div>
    </Root>
  );
}

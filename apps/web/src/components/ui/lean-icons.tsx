import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

type IconProps = ComponentProps<'svg'>;

/**
 * The icons of the login page's first load, drawn as lucide-react 1.75 draws them (same markup,
 * classes and path data; lucide is ISC-licensed), without lucide's icon builder: the rest of the
 * app imports its icons from lucide-react (docs/decisions/041-login-page-at-80-kb.md).
 */
function leanIcon(name: string, shapes: ReactNode) {
  function LeanIcon({ className, ...props }: IconProps) {
    const labelled = Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn('lucide', `lucide-${name}`, className)}
        aria-hidden={labelled ? undefined : 'true'}
        {...props}
      >
        {shapes}
      </svg>
    );
  }
  return LeanIcon;
}

export const SearchIcon = leanIcon(
  'search',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);

export const SunIcon = leanIcon(
  'sun',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2" />
    <path d="M12 20v2" />
    <path d="m4.93 4.93 1.41 1.41" />
    <path d="m17.66 17.66 1.41 1.41" />
    <path d="M2 12h2" />
    <path d="M20 12h2" />
    <path d="m6.34 17.66-1.41 1.41" />
    <path d="m19.07 4.93-1.41 1.41" />
  </>,
);

export const MoonIcon = leanIcon(
  'moon',
  <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />,
);

export const EyeIcon = leanIcon(
  'eye',
  <>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const EyeOffIcon = leanIcon(
  'eye-off',
  <>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </>,
);

/** lucide's loader-circle, whose alias adds the class lucide-loader-2. */
export const LoaderCircleIcon = leanIcon('loader-circle lucide-loader-2', <path d="M21 12a9 9 0 1 1-6.219-8.56" />);

export const XIcon = leanIcon(
  'x',
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);

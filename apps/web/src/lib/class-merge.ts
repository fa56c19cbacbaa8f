import { twMerge } from 'tailwind-merge';
import { installClassMerge } from './utils';

/**
 * tailwind-merge behind `cn` (lib/utils.ts), imported for its effect by the full app's entry and
 * by the overlays the lean login page loads on demand (dialog, toaster), whose callers override
 * classes. The login page's first load goes without it: about 9 KB gzip of its 80 KB budget.
 */
installClassMerge(twMerge);

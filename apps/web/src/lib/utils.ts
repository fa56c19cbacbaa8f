import { clsx, type ClassValue } from 'clsx';

type ClassMerge = (classes: string) => string;

// Until lib/class-merge.ts installs tailwind-merge, `cn` only joins. The lean login page renders
// without it (docs/decisions/041-login-page-at-80-kb.md): its classes never conflict, which
// login-page.test.tsx checks. The full app and every overlay (dialog, toaster) install it first.
let merge: ClassMerge = (classes) => classes;

/** Called once by lib/class-merge.ts. */
export function installClassMerge(classMerge: ClassMerge): void {
  merge = classMerge;
}

/** Joins class names and lets a later Tailwind class override an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

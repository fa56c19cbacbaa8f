/**
 * docs/product.md: a link is active when the current path, compared case-insensitively, equals the
 * link's path or continues it after a slash (`/reports/jobs` is under `/reports`, `/reportsx` is not).
 */
export function isActivePath(pathname: string, href: string): boolean {
  if (!href.startsWith('/')) return false;
  const path = pathname.toLowerCase();
  const base = href.toLowerCase().replace(/\/+$/, '');
  if (base === '') return path === '/';
  return path === base || path.startsWith(`${base}/`);
}

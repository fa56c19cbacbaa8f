/** Matches a URL that ends with this page's path (no query string): for `toHaveURL`. */
export function endsAt(path: string): RegExp {
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

/**
 * Whether a navigation item is the current page: the path equals the item's href or
 * starts with it (spec section 2). "/" would prefix every path, so it matches only itself.
 */
export function isActivePath(currentPath: string, href: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(href);
}

import { Link } from 'wouter';
import type { LinkComponentProps } from '@hub/ui';

/** Paths the server answers itself (navigations out of the app), never routed in the browser. */
const serverPaths = /^\/(api|auth\/google)(\/|$)/;

/** In-app paths navigate without a page load; anchors, mail links and server paths stay plain links. */
export function RouterLink({ href, ...props }: LinkComponentProps) {
  if (href.startsWith('/') && !href.startsWith('//') && !serverPaths.test(href)) return <Link href={href} {...props} />;
  return <a href={href} {...props} />;
}

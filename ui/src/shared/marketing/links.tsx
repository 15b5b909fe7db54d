import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/Button/Button';
import { LinkProvider, useLinkComponent, type LinkComponentProps } from '../../components/LinkProvider/LinkProvider';

/**
 * Only an app path ("/auth") goes through the app's router link. In-page anchors
 * ("#pricing", "/marketing#pricing") and mail links are plain anchors: a router link
 * would treat them as routes and lose the scroll or the mail client.
 */
export function isRouterPath(href: string): boolean {
  return href.startsWith('/') && !href.includes('#');
}

function PlainAnchor(props: LinkComponentProps) {
  return <a {...props} />;
}

interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
}

/** A text link: through the app's router for app paths, a plain anchor otherwise. */
export function SiteLink({ href, children, ...props }: SiteLinkProps) {
  const RouterLink = useLinkComponent();
  const LinkElement = isRouterPath(href) ? RouterLink : PlainAnchor;
  return (
    <LinkElement href={href} {...props}>
      {children}
    </LinkElement>
  );
}

interface AnchorButtonProps {
  /** A mail link, an in-page anchor or an outside address. */
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * Looks like a Button but is always a plain anchor. The design system's Button sends every
 * href through the app's router link, which must not handle mailto: or #anchors.
 */
export function AnchorButton({ href, ...buttonProps }: AnchorButtonProps) {
  return (
    <LinkProvider component={PlainAnchor}>
      <Button href={href} {...buttonProps} />
    </LinkProvider>
  );
}

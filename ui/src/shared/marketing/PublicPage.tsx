import type { ReactNode } from 'react';
import { Button } from '../../components/Button/Button';
import { ArrowLeftIcon } from './icons';
import { SiteLink } from './links';
import { ProductLogo } from './ProductLogo';
import { publicPaths } from './routes';
import { SiteFooter } from './SiteFooter';
import * as styles from './marketing.css';

export const mainContentId = 'main-content';

interface PublicHeaderProps {
  /** Links and buttons at the right, e.g. "Back to Home" and "Sign In". */
  actions?: ReactNode;
}

/** The sticky header of the public pages other than the landing page. */
export function PublicHeader({ actions }: PublicHeaderProps) {
  return (
    <header className={styles.siteHeader}>
      <div className={styles.headerInner}>
        <ProductLogo compactOnPhones={Boolean(actions)} />
        {actions ? (
          <nav aria-label="Site" className={styles.headerActions}>
            {actions}
          </nav>
        ) : null}
      </div>
    </header>
  );
}

/** A skip link for keyboard users: the first stop on every public page. */
export function SkipToContent() {
  return (
    <a className={styles.skipLink} href={`#${mainContentId}`}>
      Skip to content
    </a>
  );
}

interface PublicPageProps {
  /** The whole header; a PublicHeader unless the page brings its own. */
  header: ReactNode;
  /** True on the landing page, where the footer's section links are in-page anchors. */
  onLandingPage?: boolean;
  children: ReactNode;
}

/** The frame of a signed-out page: skip link, header, main content, footer. */
export function PublicPage({ header, onLandingPage = false, children }: PublicPageProps) {
  return (
    <div className={styles.page}>
      <SkipToContent />
      {header}
      {/* Focusable so the skip link moves keyboard focus, not only the scroll position. */}
      <main id={mainContentId} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter onLandingPage={onLandingPage} />
    </div>
  );
}

/** The header of the public pages a signed-out visitor reads: back to the landing page, or sign in. */
export function SignedOutHeader() {
  return (
    <PublicHeader
      actions={
        <>
          <SiteLink className={styles.quietLink} href={publicPaths.home}>
            <ArrowLeftIcon size={16} />
            Back to Home
          </SiteLink>
          <Button variant="secondary" href={publicPaths.auth}>
            Sign In
          </Button>
        </>
      }
    />
  );
}

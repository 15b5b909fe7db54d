import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { AlertTriangleIcon } from '../icons';
import * as styles from './TopBar.css';
import type { TopBarTone } from './TopBar.variants';

export { topBarTones, type TopBarTone } from './TopBar.variants';

export interface TopBarProps {
  tone?: TopBarTone;
  /** Names the bar as a region, e.g. "Impersonation" or "Free trial". */
  label: string;
  /** The message, on the left. */
  children: ReactNode;
  /** Controls on the right; use small buttons to fit the 44 px height. */
  actions?: ReactNode;
}

/** A 44 px bar above the page: the trial timer or the impersonation banner. */
export function TopBar({ tone, label, children, actions }: TopBarProps) {
  return (
    <div role="region" aria-label={label} className={styles.topBar({ tone })}>
      <div className={styles.message}>{children}</div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

export interface ImpersonationBannerProps {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  /** Falls back to this when the user has no name. */
  email: string;
  onExit: () => void;
  /** True while the exit request runs: the button is disabled meanwhile (spec section 2). */
  exiting?: boolean;
}

/** "Viewing as: {first} {last} ({company})" with an "Exit Impersonation" button. */
export function ImpersonationBanner({
  firstName,
  lastName,
  companyName,
  email,
  onExit,
  exiting = false,
}: ImpersonationBannerProps) {
  const name = [firstName, lastName].filter(Boolean).join(' ') || email;
  return (
    <TopBar
      tone="impersonation"
      label="Impersonation"
      actions={
        <Button size="small" variant="secondary" onClick={onExit} loading={exiting}>
          Exit Impersonation
        </Button>
      }
    >
      <AlertTriangleIcon />
      <span>
        Viewing as: {name}
        {/* A company named after its owner (a seller without one) would read "Ben Bulk (Ben Bulk)". */}
        {companyName && companyName !== name ? ` (${companyName})` : null}
      </span>
    </TopBar>
  );
}

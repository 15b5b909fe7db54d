import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button/Button';
import { CONSENT_RESULT_MESSAGE, consentDeclinedText } from '../../shared/channels/consent';
import { isPlanLimitMessage } from '../../shared/channels/syncTexts';
import { CheckCircleLargeIcon, XCircleIcon } from '../../shared/marketing/icons';
import { productName } from '../../shared/marketing/ProductLogo';
import * as styles from './PopupResult.css';
import type { PopupOutcome } from './PopupResult.variants';

// The pages eBay's consent flow returns to, inside the popup the Channels page opened
// (spec section 2). Delays are in milliseconds (spec section 9).
export const AUTH_SUCCESS_CLOSE_DELAY_MS = 3000;
export const AUTH_DECLINED_CLOSE_DELAY_MS = 5000;

export { popupOutcomes, type PopupOutcome } from './PopupResult.variants';

function isOpenedByAnotherWindow(): boolean {
  return typeof window !== 'undefined' && window.opener != null;
}

/**
 * Closes the window after `delayMs`, but only when another window opened it: a page
 * reached directly (a bookmark, a new tab) must stay open. Returns whether it will close.
 */
export function useCloseWhenOpenedByAnotherWindow(
  delayMs: number,
  outcome?: PopupOutcome,
  message?: string | null,
): boolean {
  // Read once: the opener does not change while the page is shown.
  const [openedByAnotherWindow] = useState(isOpenedByAnotherWindow);
  useEffect(() => {
    if (!openedByAnotherWindow) return;
    // Tell the page that opened us (same origin only) how the consent ended, and why where the server said.
    if (outcome)
      window.opener?.postMessage(
        { type: CONSENT_RESULT_MESSAGE, outcome, ...(message ? { message } : {}) },
        window.location.origin,
      );
    const timer = window.setTimeout(() => window.close(), delayMs);
    return () => window.clearTimeout(timer);
  }, [openedByAnotherWindow, delayMs, outcome, message]);
  return openedByAnotherWindow;
}

function closingNote(willClose: boolean, delayMs: number): string {
  return willClose
    ? `This window will close automatically in ${delayMs / 1000} seconds.`
    : `You can close this window and return to ${productName}.`;
}

interface PopupResultProps {
  outcome: PopupOutcome;
  title: string;
  closeDelayMs: number;
  /** The server's reason for not connecting, passed on to the page that opened the popup. */
  message?: string | null;
  children: ReactNode;
}

function PopupResult({ outcome, title, closeDelayMs, message, children }: PopupResultProps) {
  const willClose = useCloseWhenOpenedByAnotherWindow(closeDelayMs, outcome, message);
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <span className={styles.symbol({ outcome })}>
          {outcome === 'connected' ? <CheckCircleLargeIcon size={32} /> : <XCircleIcon size={32} />}
        </span>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.message}>{children}</div>
        <p className={styles.closingNote}>{closingNote(willClose, closeDelayMs)}</p>
        <Button variant={outcome === 'connected' ? 'primary' : 'secondary'} onClick={() => window.close()}>
          Close Window
        </Button>
      </div>
    </main>
  );
}

/** /auth-success: the eBay account was connected. */
export function AuthSuccess() {
  return (
    <PopupResult outcome="connected" title="eBay Account Connected" closeDelayMs={AUTH_SUCCESS_CLOSE_DELAY_MS}>
      <p>Your eBay account was connected successfully.</p>
      <p>{productName} can now sync your eBay inventory, prices and listings.</p>
    </PopupResult>
  );
}

/** The reason code the server gave in the address (`?reason=`), as Shopify's return to Channels carries it. */
function reasonInAddress(): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('reason');
}

/**
 * /auth-declined: authentication with eBay was cancelled, or our server refused the connection (the plan's
 * connection limit, an ended plan) and says why, with the way to Billing; nothing was connected. The words
 * are ours for the code; an unknown code gets the cancelled page.
 */
export function AuthDeclined({ reason = reasonInAddress() }: { reason?: string | null }) {
  const message = reason === 'cancelled' ? undefined : consentDeclinedText(reason, 'eBay');
  if (message)
    return (
      <PopupResult
        outcome="declined"
        title="eBay Not Connected"
        closeDelayMs={AUTH_DECLINED_CLOSE_DELAY_MS}
        message={message}
      >
        <p>{message}</p>
        {isPlanLimitMessage(message) ? (
          <p>
            <a href="/billing" target="_blank" rel="noopener" className={styles.link}>
              See plans
            </a>
          </p>
        ) : null}
      </PopupResult>
    );
  return (
    <PopupResult outcome="declined" title="eBay Connection Cancelled" closeDelayMs={AUTH_DECLINED_CLOSE_DELAY_MS}>
      <p>Authentication with eBay was cancelled, so your eBay account was not connected.</p>
      <p>To try again, connect eBay from the Channel Management page.</p>
    </PopupResult>
  );
}

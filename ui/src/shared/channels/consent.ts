// The marketplace's consent page (eBay, Shopify) in a popup: the Channels page opens it, and the
// result page it ends on (/auth-success, /auth-declined) tells the Channels page how it went.

/** eBay's consent page opens in a popup of this size; it ends on /auth-success or /auth-declined. */
export const CONSENT_POPUP_FEATURES = 'popup=yes,width=560,height=720';

/** The message the Channels page listens for, so it shows the outcome without polling. */
export const CONSENT_RESULT_MESSAGE = 'marketplace-consent-result';

/**
 * Why a consent ended without a channel: the code the server puts in the address it sends the browser to
 * (`/auth-declined?reason=`, `/channels?error=`). The words are ours, fixed here: text read from an address
 * would let anyone show their own words on our pages with a crafted link.
 */
const declinedTexts = {
  cancelled: (name: string) => `The ${name} connection was cancelled; nothing was connected.`,
  expired: (name: string) =>
    `The ${name} connection could not be matched to your request. Please start again from Channels.`,
  not_configured: (name: string) => `${name} is not configured on this server.`,
  wrong_shop: () => 'Shopify answered for a different shop than the one you entered.',
  already_connected: (name: string) => `This ${name} account is already connected.`,
  plan_limit: () =>
    "Your plan's marketplace connections are all in use. Upgrade your plan on the Billing page to connect another; nothing was changed.",
  trial_ended: () =>
    'Your free trial has ended: choose a plan on the Billing page to connect channels. All your data is kept.',
  plan_ended: () =>
    'Your plan has ended: choose a plan on the Billing page to connect channels. All your data is kept.',
  failed: (name: string) => `${name} did not complete the connection. Please try again.`,
} as const satisfies Record<string, (name: string) => string>;

export type ConsentDeclinedReason = keyof typeof declinedTexts;

/** The words for a reason code; undefined for none or a code we do not know (the page then says its generic text). */
export function consentDeclinedText(reason: string | null | undefined, marketplaceName: string): string | undefined {
  if (!reason || !Object.hasOwn(declinedTexts, reason)) return undefined;
  return declinedTexts[reason as ConsentDeclinedReason](marketplaceName);
}

// The marketplace's consent page (eBay, Shopify) in a popup: the Channels page opens it, and the
// result page it ends on (/auth-success, /auth-declined) tells the Channels page how it went.

/** eBay's consent page opens in a popup of this size; it ends on /auth-success or /auth-declined. */
export const CONSENT_POPUP_FEATURES = 'popup=yes,width=560,height=720';

/** The message the Channels page listens for, so it shows the outcome without polling. */
export const CONSENT_RESULT_MESSAGE = 'marketplace-consent-result';

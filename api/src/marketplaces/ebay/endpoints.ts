/**
 * Where eBay lives. The base URL is configuration: production, or the same paths below a sandbox
 * (the app mounts its eBay sandbox at /sandbox/ebay).
 */
export interface EbayEndpoints {
  /** The consent page the seller's popup opens. */
  authorize: string;
  token: string;
  inventory: string;
  fulfillment: string;
  notification: string;
  identity: string;
  /** The Account API: business policies. */
  account: string;
  /** The Compliance API: listing violations (sell_compliance_v1, under the sell.inventory scope). */
  compliance: string;
  /** The Finances API: an order's fees (sell_finances_v1, served from apiz.ebay.com, under the sell.finances scope). */
  finances: string;
  /** The Taxonomy API: a leaf category's item aspects (commerce_taxonomy_v1, the api_scope every grant holds). */
  taxonomy: string;
}

export const ebayProduction: EbayEndpoints = {
  authorize: 'https://auth.ebay.com/oauth2/authorize',
  token: 'https://api.ebay.com/identity/v1/oauth2/token',
  inventory: 'https://api.ebay.com/sell/inventory/v1',
  fulfillment: 'https://api.ebay.com/sell/fulfillment/v1',
  notification: 'https://api.ebay.com/commerce/notification/v1',
  // The Identity API is served from apiz.ebay.com.
  identity: 'https://apiz.ebay.com/commerce/identity/v1',
  account: 'https://api.ebay.com/sell/account/v1',
  compliance: 'https://api.ebay.com/sell/compliance/v1',
  finances: 'https://apiz.ebay.com/sell/finances/v1',
  taxonomy: 'https://api.ebay.com/commerce/taxonomy/v1',
};

/** eBay's own paths below one base URL (a sandbox). */
export function ebayEndpointsAt(baseUrl: string): EbayEndpoints {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    authorize: `${base}/oauth2/authorize`,
    token: `${base}/identity/v1/oauth2/token`,
    inventory: `${base}/sell/inventory/v1`,
    fulfillment: `${base}/sell/fulfillment/v1`,
    notification: `${base}/commerce/notification/v1`,
    identity: `${base}/commerce/identity/v1`,
    account: `${base}/sell/account/v1`,
    compliance: `${base}/sell/compliance/v1`,
    finances: `${base}/sell/finances/v1`,
    taxonomy: `${base}/commerce/taxonomy/v1`,
  };
}

/** The OAuth scopes the app asked sellers for before it read business policies: a channel connected then holds these only. */
export const ebayEarlierSellerScopes = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const;

/** Reading the seller's business policies (Account API; sell_account_v1 accepts the read-only scope). */
export const ebayAccountReadScope = 'https://api.ebay.com/oauth/api_scope/sell.account.readonly';

/**
 * Issuing refunds (sell_fulfillment_v1 issueRefund's security names sell.finances, not sell.fulfillment). A
 * channel connected before the app asked for it holds no such grant: refunds there ask the seller to reconnect.
 */
export const ebayRefundScope = 'https://api.ebay.com/oauth/api_scope/sell.finances';

/**
 * Running the seller's Promoted Listings (sell_marketing_v1). A channel connected before the app asked for it
 * holds no such grant: its ads ask the seller to connect eBay again.
 */
export const ebayPromotedListingsScope = 'https://api.ebay.com/oauth/api_scope/sell.marketing';

/** The OAuth scopes the app asks the seller for (kept with the channel's credentials: a refresh asks for no more than was granted). */
export const ebaySellerScopes = [
  ...ebayEarlierSellerScopes,
  ebayAccountReadScope,
  ebayRefundScope,
  ebayPromotedListingsScope,
] as const;

/** The application (client credentials) scope, for the public keys of notifications. */
export const ebayApplicationScope = 'https://api.ebay.com/oauth/api_scope';

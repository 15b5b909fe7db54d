// The paths the public pages link to (spec section 2). Kept here, not in the app's router,
// because the design system never imports the app.

export const publicPaths = {
  home: '/',
  marketing: '/marketing',
  auth: '/auth',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  support: '/support',
  dashboard: '/dashboard',
} as const;

/** Landing page sections that the footer links to by anchor. */
export const landingSectionIds = {
  advertisingPricing: 'advertising-pricing',
  features: 'features',
  marketplaceIntegrations: 'marketplace-integrations',
  pricing: 'pricing',
} as const;

export type LandingSectionId = (typeof landingSectionIds)[keyof typeof landingSectionIds];

import type { HttpHandler } from 'msw';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { healthHandlers } from './health';
import { channelHandlers } from './channels';
import { driftHandlers, pushHandlers, syncHandlers } from './sync';
import { maintenanceNoticeHandlers, settingsHandlers } from './settings';
import { auditHandlers } from './audit-logs';
import { dashboardHandlers } from './dashboard';
import { listingHandlers } from './listings';
import { listingEditHandlers } from './listing-edits';
import { orderHandlers } from './orders';
import { pricingHandlers } from './pricing-rules';
import { complianceHandlers } from './compliance';
import { advertisingHandlers } from './advertising';
import { analyticsHandlers } from './analytics';
import { billingHandlers } from './billing';
import { bundleHandlers } from './bundles';
import { alertHandlers } from './alerts';

export { http } from './http';
export { authHandlers, type AuthScenario } from './auth';
export { adminHandlers, type AdminScenario } from './admin';
export {
  teamScenarios,
  invitationScenarios,
  teamFixtures,
  INVITATION_TOKEN,
  LAST_OWNER,
  TEAM_OWNER_ONLY,
  TEAM_PLAN_REQUIRED,
} from './team';
export { apiKeyScenarios, apiKeyFixtures, API_ACCESS_PLAN_REQUIRED, NEW_API_KEY_SECRET } from './api-keys';
export { privacyScenarios, ACCOUNT_DELETED, LAST_OWNER_LEAVING, PLAN_STILL_BILLED, WRONG_PASSWORD } from './privacy';
export { healthHandlers } from './health';
export { channelHandlers, channelFixtures, type ChannelScenario } from './channels';
export {
  syncHandlers,
  syncRunFixtures,
  PLAN_LIMIT_MESSAGE,
  MARKETPLACE_DOWN_MESSAGE,
  type SyncScenario,
  pushHandlers,
  driftHandlers,
  failedPushFixtures,
  driftFixtures,
  resetPushMocks,
  AMAZON_REFUSED_PRICE,
  EBAY_REFUSED_QUANTITY,
} from './sync';
export { dashboardHandlers, dashboardFixtures, type DashboardScenario } from './dashboard';
export {
  analyticsHandlers,
  analyticsFixtures,
  defaultFeeTable,
  feeTableScenarios,
  type AnalyticsScenario,
} from './analytics';
export {
  settingsHandlers,
  maintenanceNoticeHandlers,
  defaultPlatformSettings,
  type SettingsScenario,
} from './settings';
export {
  auditHandlers,
  auditEntryFixtures,
  impersonatedEntryFixtures,
  staffEntryFixtures,
  type AuditScenario,
} from './audit-logs';
export {
  listingHandlers,
  resetListingMocks,
  generateCatalogue,
  targetOnlyRow,
  AMAZON_PRICE_REFUSED,
  WALMART_ITEM_SUPPRESSED,
  type ListingScenario,
} from './listings';
export {
  listingEditHandlers,
  bulkChangeFixtures,
  bulkEditRows,
  importPreviewFixture,
  importRowErrorsFixture,
  publishCheckFixture,
  publishProductIds,
  publishSettingsFixtures,
  ebayListingOptionsFixture,
  MISSING_SETTING,
  PRICE_BELOW_ZERO,
  BULK_BATCH_ID,
  type ListingEditScenario,
} from './listing-edits';
export {
  drawerEditHandlers,
  drawerCapHandlers,
  drawerAttributeHandlers,
  drawerDetail,
  drawerSku,
  requestsSeen as drawerEditRequests,
  resetDrawerEditMocks,
  DRAWER_BATCH_ID,
} from './drawer-edits';
export { AD_RULE_PAUSE_ID, adRuleUndoRequests, drawerAdRuleHandlers, resetDrawerAdRuleMocks } from './drawer-ad-rules';
export {
  orderHandlers,
  ordersWithShopifyCopies,
  resetOrderMocks,
  lastShipmentBody,
  queryOrders,
  summaryOf,
  type OrderScenario,
} from './orders';
export { lastCancellationBody, lastRefundBody, queryReturns } from './order-actions';
export {
  orderFixtures,
  carrierFixtures,
  buildOrder,
  ORDERS_NOW,
  WALMART_SHIPMENT_REFUSED,
  returnBeforeConnection,
} from './order-fixtures';
export { generateOrders } from './generated-orders';
export {
  pricingHandlers,
  pricingRuleFixture,
  pricingDryRunFixture,
  pricingRequests,
  resetPricingMocks,
  CSV_OF_DRY_RUN,
  PRICING_RULE_ID,
  RUN_NEEDS_CONFIRMATION,
  type PricingScenario,
} from './pricing-rules';
export { orderActionRules, WALMART_CANCELLATION_REFUSED, WALMART_REFUND_REFUSED } from './order-action-fixtures';
export { complianceHandlers, complianceIssueFixtures, resetComplianceMocks } from './compliance';
export {
  advertisingHandlers,
  adCampaignFixtures,
  adSkuFixtures,
  resetAdvertisingMocks,
  WALMART_ADVERTISER_GRANTED,
} from './advertising';
export { bundleHandlers, bundleSku, resetBundleMocks } from './bundles';
export {
  billingHandlers,
  billingFixtures,
  billingInvoiceFixtures,
  planChangePreviewFixture,
  CHECKOUT_URL,
  PORTAL_URL,
  type BillingScenario,
} from './billing';
export {
  alertHandlers,
  alertFixtures,
  alertSettingsFixtures,
  lastAlertSettingsBody,
  resetAlertMocks,
  type AlertScenario,
} from './alerts';
export * as fixtures from './fixtures';
export type { AuthUser, AdminUser } from './fixtures';

/** One scenario per resource; a story or test replaces a key to change one resource's behaviour. */
export type HandlerRecord = Record<string, HttpHandler[]>;

/** A signed-in client on a healthy server. */
export const defaultHandlers = {
  auth: authHandlers.signedInClient,
  admin: adminHandlers.default,
  health: healthHandlers.healthy,
  channels: channelHandlers.mainAndTargets,
  sync: syncHandlers.idle,
  pushes: pushHandlers.allCaughtUp,
  drift: driftHandlers.none,
  dashboard: dashboardHandlers.populated,
  settings: settingsHandlers.defaults,
  maintenance: maintenanceNoticeHandlers.none,
  audit: auditHandlers.populated,
  listings: listingHandlers.populated,
  listingEdits: listingEditHandlers.default,
  orders: orderHandlers.populated,
  pricing: pricingHandlers.withRule,
  compliance: complianceHandlers.withIssues,
  advertising: advertisingHandlers.running,
  analytics: analyticsHandlers.week,
  billing: billingHandlers.trial,
  bundles: bundleHandlers.none,
  alerts: alertHandlers.none,
} satisfies HandlerRecord;

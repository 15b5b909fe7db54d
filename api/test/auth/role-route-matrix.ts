/**
 * Who may call what (pages.md §4), one row per operation of openapi.yaml; role-route-matrix.test.ts
 * calls each operation as each actor and fails on an operation without a row here.
 *
 * The actors: `anonymous`; `other`, the owner of a second account; `member` and `owner` of the first
 * account (on the Business plan, with a channel, products, a bulk edit and a pending invitation);
 * `admin`; `impersonating`, an admin viewing as the first account's owner; `super`, a super user.
 * Every request names the first account's rows.
 *
 * - `yes`: may succeed.
 * - `own`: may succeed, on the caller's own account only (the first account's ids select nothing).
 * - `no`: never a 2xx.
 * `staff: true` marks the platform staff's pages, where admins and super users read every account.
 */
export const actors = ['anonymous', 'other', 'member', 'owner', 'admin', 'impersonating', 'super'] as const;
export type Actor = (typeof actors)[number];
type May = 'yes' | 'own' | 'no';
export interface Row {
  may: Record<Actor, May>;
  staff?: boolean;
}

const row = (
  anonymous: May,
  other: May,
  member: May,
  owner: May,
  admin: May,
  impersonating: May,
  superUser: May,
  staff = false,
): Row => ({ may: { anonymous, other, member, owner, admin, impersonating, super: superUser }, staff });

/** Anyone: health, sign-in and recovery, webhooks (signature-checked), the invitation link. */
const PUBLIC = row('yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes');
/** Signed in: each caller's own account (staff have accounts of their own). */
const SIGNED_IN = row('no', 'own', 'yes', 'yes', 'own', 'yes', 'own');
/** A row of the first account named in the address: its members only, and staff viewing as one. */
const ACCOUNT_ROW = row('no', 'no', 'yes', 'yes', 'no', 'yes', 'no');
/** Changing the account's billing: its owner, never staff viewing as them. */
const BILLING_OWNER = row('no', 'own', 'no', 'yes', 'own', 'no', 'own');
/** The team's page: owners (staff viewing as an owner may look). */
const TEAM_VIEW = row('no', 'own', 'no', 'yes', 'own', 'yes', 'own');
/** Changes to the team: owners acting as themselves. */
const TEAM_CHANGE = row('no', 'own', 'no', 'yes', 'own', 'no', 'own');
/** A team row of the first account named in the address: its owners acting as themselves. */
const TEAM_ROW = row('no', 'no', 'no', 'yes', 'no', 'no', 'no');
/** Platform staff, not while viewing as someone. */
const STAFF = row('no', 'no', 'no', 'no', 'yes', 'no', 'yes', true);
/** Granting roles: super users only. */
const SUPER_ONLY = row('no', 'no', 'no', 'no', 'no', 'no', 'yes', true);

export const matrix: Record<string, Row> = {
  getHealth: PUBLIC,
  getReadiness: PUBLIC,
  getCurrentUser: SIGNED_IN,
  getAuthProviders: PUBLIC,
  updateProfile: SIGNED_IN,
  // Refused while viewing as someone: staff never learn or set a seller's password.
  changePassword: row('no', 'own', 'yes', 'yes', 'own', 'no', 'own'),
  // Refused while viewing as someone: the sessions are the seller's own business.
  signOutOtherSessions: row('no', 'own', 'yes', 'yes', 'own', 'no', 'own'),
  uploadProfilePhoto: SIGNED_IN,
  removeProfilePhoto: SIGNED_IN,
  // A photo of the first account's users: its own account's users and staff (unknown names answer 404).
  getProfilePhoto: SIGNED_IN,
  login: PUBLIC,
  register: PUBLIC,
  logout: PUBLIC,
  logoutNavigation: PUBLIC,
  verifyEmail: PUBLIC,
  resendVerification: PUBLIC,
  forgotPassword: PUBLIC,
  resetPassword: PUBLIC,
  // The privacy policy's rights, each caller's own; deleting needs the password and never while viewing as someone.
  downloadMyData: SIGNED_IN,
  deleteMyAccount: row('no', 'own', 'yes', 'yes', 'own', 'no', 'own'),
  googleSignIn: PUBLIC,
  googleCallback: PUBLIC,

  listUsers: STAFF,
  startImpersonation: STAFF,
  // Ends a viewing: only the admin who views as someone.
  exitImpersonation: row('no', 'no', 'no', 'no', 'no', 'yes', 'no'),
  deleteUser: STAFF,
  changeUserRole: SUPER_ONLY,
  disableUser: STAFF,
  enableUser: STAFF,
  resendUserVerification: STAFF,

  getTeam: TEAM_VIEW,
  inviteTeamMember: TEAM_CHANGE,
  revokeTeamInvitation: TEAM_ROW,
  // API keys: the owner's, on the Business plan; staff viewing as them may look, never make one.
  listApiKeys: TEAM_VIEW,
  createApiKey: TEAM_CHANGE,
  revokeApiKey: TEAM_ROW,
  changeTeamMemberRole: TEAM_ROW,
  removeTeamMember: TEAM_ROW,
  lookUpInvitation: PUBLIC,
  acceptInvitation: PUBLIC,

  listChannels: SIGNED_IN,
  connectChannel: SIGNED_IN,
  startChannelConsent: SIGNED_IN,
  // The marketplace's redirect back: answered with a redirect (never a 2xx), whoever follows it.
  finishChannelConsent: row('no', 'no', 'no', 'no', 'no', 'no', 'no'),
  createSandboxSeller: SIGNED_IN,
  makeChannelMain: ACCOUNT_ROW,
  updateChannelRules: ACCOUNT_ROW,
  getPublishSettings: ACCOUNT_ROW,
  savePublishSettings: ACCOUNT_ROW,
  searchAmazonProductTypes: ACCOUNT_ROW,
  getEbayListingOptions: ACCOUNT_ROW,
  pauseChannel: ACCOUNT_ROW,
  resumeChannel: ACCOUNT_ROW,
  disconnectChannel: ACCOUNT_ROW,
  syncChannel: ACCOUNT_ROW,
  listSyncRuns: SIGNED_IN,
  streamSyncEvents: SIGNED_IN,
  listPushActivity: SIGNED_IN,
  retryFailedPushes: SIGNED_IN,
  listDrift: SIGNED_IN,
  acceptDrift: ACCOUNT_ROW,
  overwriteDrift: ACCOUNT_ROW,

  getDashboard: SIGNED_IN,
  getSalesReport: SIGNED_IN,
  getFeeTable: SIGNED_IN,
  putFeeTable: SIGNED_IN,
  listComplianceIssues: SIGNED_IN,
  exportComplianceIssues: SIGNED_IN,
  getRestrictedWords: SIGNED_IN,
  putRestrictedWords: SIGNED_IN,
  recheckCompliance: SIGNED_IN,
  getAdvertising: SIGNED_IN,
  listAdSkus: SIGNED_IN,
  putAdRules: SIGNED_IN,
  connectAdAccount: ACCOUNT_ROW,
  syncAdAccount: ACCOUNT_ROW,
  updateAdCampaign: ACCOUNT_ROW,
  undoAdRuleAction: ACCOUNT_ROW,

  getBilling: SIGNED_IN,
  startBillingCheckout: BILLING_OWNER,
  openBillingPortal: BILLING_OWNER,
  previewBillingPlanChange: BILLING_OWNER,
  changeBillingPlan: BILLING_OWNER,
  listBillingInvoices: SIGNED_IN,
  receiveStripeWebhook: PUBLIC,

  listCatalogue: SIGNED_IN,
  getListingDetail: ACCOUNT_ROW,
  getBundleComponents: ACCOUNT_ROW,
  setBundleComponents: ACCOUNT_ROW,
  deleteBundleComponents: ACCOUNT_ROW,
  exportCatalogue: SIGNED_IN,
  previewBulkEdit: SIGNED_IN,
  runBulkEdit: SIGNED_IN,
  getBulkChange: ACCOUNT_ROW,
  undoBulkChange: ACCOUNT_ROW,
  previewCsvImport: SIGNED_IN,
  runCsvImport: SIGNED_IN,
  checkPublish: SIGNED_IN,
  publishListings: SIGNED_IN,

  listOrders: SIGNED_IN,
  listShippingCarriers: SIGNED_IN,
  getOrder: ACCOUNT_ROW,
  shipOrders: SIGNED_IN,
  shipOrdersFromCsv: SIGNED_IN,
  cancelOrder: ACCOUNT_ROW,
  refundOrder: ACCOUNT_ROW,
  listReturns: SIGNED_IN,
  restockReturn: ACCOUNT_ROW,

  receiveMarketplaceWebhook: PUBLIC,
  answerEbayChallenge: PUBLIC,
  receiveEbayNotification: PUBLIC,
  receiveShopifyPrivacyWebhook: PUBLIC,

  listAllChannels: STAFF,
  forceChannelSync: STAFF,
  adminPauseChannel: STAFF,
  adminResumeChannel: STAFF,
  getPlatformSettings: STAFF,
  updatePlatformSettings: STAFF,

  // Audit logs: members and owners their account's; staff every account's on the staff page.
  listAuditLogs: SIGNED_IN,
  exportAuditLogs: SIGNED_IN,
  adminListAuditLogs: STAFF,
  adminExportAuditLogs: STAFF,
  getMaintenanceNotice: PUBLIC,

  // Alerts: each user's own choices; the account's webhook is its owners' (checked inside, not refused whole).
  listAlerts: SIGNED_IN,
  getAlertSettings: SIGNED_IN,
  putAlertSettings: SIGNED_IN,

  listPricingRules: SIGNED_IN,
  createPricingRule: SIGNED_IN,
  dryRunPricingRule: SIGNED_IN,
  updatePricingRule: ACCOUNT_ROW,
  deletePricingRule: ACCOUNT_ROW,
  runPricingRule: ACCOUNT_ROW,
  getPricingRuleRun: ACCOUNT_ROW,
  undoPricingRuleRun: ACCOUNT_ROW,
};

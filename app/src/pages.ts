import { lazy } from 'react';

// Every page is its own chunk, loaded when first shown (spec section 2).
export const pages = {
  landing: lazy(() => import('@hub/ui/screens/Landing/Landing').then((m) => ({ default: m.Landing }))),
  about: lazy(() => import('@hub/ui/screens/About/About').then((m) => ({ default: m.About }))),
  privacyPolicy: lazy(() =>
    import('@hub/ui/screens/PrivacyPolicy/PrivacyPolicy').then((m) => ({ default: m.PrivacyPolicy })),
  ),
  support: lazy(() =>
    import('@hub/ui/screens/SupportCentre/SupportCentre').then((m) => ({ default: m.SupportCentre })),
  ),
  authSuccess: lazy(() => import('@hub/ui/screens/PopupResult/PopupResult').then((m) => ({ default: m.AuthSuccess }))),
  authDeclined: lazy(() =>
    import('@hub/ui/screens/PopupResult/PopupResult').then((m) => ({ default: m.AuthDeclined })),
  ),
  auth: lazy(() => import('@hub/ui/screens/Auth/AuthScreen')),
  verifyEmail: lazy(() => import('@hub/ui/screens/VerifyEmail/VerifyEmailPage')),
  resetPassword: lazy(() => import('@hub/ui/screens/ResetPassword/ResetPasswordPage')),
  joinTeam: lazy(() => import('@hub/ui/screens/JoinTeam/JoinTeamPage')),
  appShell: lazy(() => import('@hub/ui/screens/AppShell/AppShell')),
  dashboard: lazy(() => import('@hub/ui/screens/Dashboard/DashboardPage')),
  channels: lazy(() => import('@hub/ui/screens/Channels/ChannelsPage')),
  listings: lazy(() => import('@hub/ui/screens/Listings/ListingsPage')),
  orders: lazy(() => import('@hub/ui/screens/Orders/OrdersPage')),
  billing: lazy(() => import('@hub/ui/screens/Billing/BillingPage')),
  analytics: lazy(() => import('@hub/ui/screens/Analytics/AnalyticsPage')),
  advertising: lazy(() => import('@hub/ui/screens/Advertising/AdvertisingPage')),
  compliance: lazy(() => import('@hub/ui/screens/Compliance/CompliancePage')),
  userManagement: lazy(() => import('@hub/ui/screens/UserManagement/UserManagementPage')),
  channelManagement: lazy(() => import('@hub/ui/screens/ChannelManagement/ChannelManagementPage')),
  auditLogs: lazy(() => import('@hub/ui/screens/AuditLogs/AuditLogsPage')),
  systemSettings: lazy(() => import('@hub/ui/screens/SystemSettings/SystemSettingsPage')),
};

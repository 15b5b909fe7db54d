// The public (signed-out) content screens. The app routes to them; see spec section 2.
export { Landing } from './Landing/Landing';
export { About } from './About/About';
export { PrivacyPolicy } from './PrivacyPolicy/PrivacyPolicy';
export { SupportCentre, type SupportCentreProps } from './SupportCentre/SupportCentre';
export {
  AuthSuccess,
  AuthDeclined,
  AUTH_SUCCESS_CLOSE_DELAY_MS,
  AUTH_DECLINED_CLOSE_DELAY_MS,
} from './PopupResult/PopupResult';
export { plans, formatPlanPrice, freeTrial, type Plan, type PlanId } from './marketing/plans';

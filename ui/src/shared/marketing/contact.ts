// Contact details and support commitments shown on the public pages (spec section 9).

export const supportEmail = 'support@marketplace-hub.com';
export const salesEmail = 'sales@marketplace-hub.com';

export function mailto(address: string): string {
  return `mailto:${address}`;
}

export const supportResponseTime = 'within 24 hours';
export const supportHours = 'Monday to Friday 9:00 AM to 6:00 PM EST';

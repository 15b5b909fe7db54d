import crypto from 'node:crypto';
import { renderEvent, type StripeObject } from './objects.ts';
import { nowSeconds, randomId, type EventRecord, type StripeAccount } from './state.ts';

/** The API version the sandbox's events are rendered in (the one its objects' shapes follow, see objects.ts). */
export const SANDBOX_API_VERSION = '2026-10-28.endive';

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed by the
 * endpoint's signing secret>` (https://docs.stripe.com/webhooks#verify-manually).
 */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type Deliver = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

/**
 * Records what happened as Stripe events, and sends each to the account's enabled endpoints that
 * listen for its type, signed. Deliveries run side by side, so an endpoint may receive them out of
 * order, as from Stripe (https://docs.stripe.com/webhooks#event-ordering).
 */
export class EventSender {
  constructor(private readonly deliver: Deliver) {}

  emit(
    account: StripeAccount,
    type: string,
    object: StripeObject,
    previousAttributes?: Record<string, unknown>,
  ): EventRecord {
    const event: EventRecord = {
      id: `evt_${randomId(24)}`,
      created: nowSeconds(),
      type,
      object: structuredClone(object),
      previousAttributes,
    };
    account.events[event.id] = event;
    for (const endpoint of Object.values(account.webhookEndpoints)) {
      if (endpoint.status !== 'enabled') continue;
      if (!endpoint.enabledEvents.includes('*') && !endpoint.enabledEvents.includes(type)) continue;
      const payload = JSON.stringify(renderEvent(event, SANDBOX_API_VERSION), null, 2);
      void this.deliver(endpoint.url, payload, {
        'stripe-signature': signatureHeader(payload, endpoint.secret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      });
    }
    return event;
  }
}

/**
 * Shopify's mandatory compliance webhooks (customers/data_request, customers/redact, shop/redact), which Shopify
 * sends to the addresses set in the app's configuration (not subscribed through the API), signed as every
 * webhook is. The control API sends one, as Shopify would on a customer's or a shop's request.
 */
import crypto from 'node:crypto';
import type { Router } from 'express';
import { SHOPIFY_SANDBOX_APP } from './auth.ts';
import { buyerOfOrder, orderNumberOf } from './buyers.ts';
import { findShop, nowIso, type Shop, type ShopifyContext } from './state.ts';

const complianceTopics = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
type ComplianceTopic = (typeof complianceTopics)[number];

/** Where our app's configuration (shopify.app.toml's compliance_topics) sends them: the hub beside the sandbox. */
export const complianceAddress = (context: ShopifyContext) =>
  `${new URL(context.baseUrl).origin}/api/webhooks/shopify-privacy/sandbox`;

/** A customer's id as the shop knows them, the same for every order of theirs (by their email here). */
const customerIdOf = (email: string) =>
  Number.parseInt(crypto.createHash('sha256').update(email).digest('hex').slice(0, 10), 16);

function payloadOf(shop: Shop, topic: ComplianceTopic, orderIds: number[]) {
  const shopPart = { shop_id: shop.id, shop_domain: shop.domain };
  if (topic === 'shop/redact') return shopPart;
  const orders = shop.orders.filter((o) => orderIds.includes(o.id));
  const buyer = buyerOfOrder(orderNumberOf(orders[0]!.name));
  const customer = { id: customerIdOf(buyer.email), email: buyer.email, phone: buyer.phone };
  return topic === 'customers/redact'
    ? { ...shopPart, customer, orders_to_redact: orders.map((o) => o.id) }
    : {
        ...shopPart,
        customer,
        orders_requested: orders.map((o) => o.id),
        data_request: { id: crypto.randomInt(1, 2 ** 31) },
      };
}

/**
 * `_control/sellers/{shop}/compliance` with `{ topic, orderIds }`: sends the topic for the shop, naming the
 * orders given (their numeric ids; required for the customer topics, whose customer is the first order's buyer).
 */
export function complianceControlRoutes(router: Router, context: ShopifyContext) {
  router.post('/sellers/:sellerId/compliance', (req, res) => {
    const shop = findShop(context.state(), req.params.sellerId!);
    if (!shop) return void res.status(404).json({ message: 'No such seller' });
    const { topic, orderIds = [] } = (req.body ?? {}) as { topic?: unknown; orderIds?: unknown };
    if (!complianceTopics.includes(topic as ComplianceTopic))
      return void res.status(400).json({ message: `topic must be one of ${complianceTopics.join(', ')}` });
    if (!Array.isArray(orderIds) || orderIds.length > 100 || !orderIds.every((id) => Number.isSafeInteger(id)))
      return void res.status(400).json({ message: 'orderIds must be a list of up to 100 order ids (numbers)' });
    if (topic !== 'shop/redact' && !shop.orders.some((o) => orderIds.includes(o.id)))
      return void res.status(400).json({ message: "orderIds must name at least one of the shop's orders" });
    const body = JSON.stringify(payloadOf(shop, topic as ComplianceTopic, orderIds as number[]));
    const webhookId = crypto.randomUUID();
    void context.deliver(complianceAddress(context), body, {
      'X-Shopify-Topic': String(topic),
      'X-Shopify-Hmac-Sha256': crypto
        .createHmac('sha256', context.application.clientSecret)
        .update(body, 'utf8')
        .digest('base64'),
      'X-Shopify-Shop-Domain': shop.domain,
      'X-Shopify-Webhook-Id': webhookId,
      'X-Shopify-API-Version': SHOPIFY_SANDBOX_APP.apiVersion,
      'X-Shopify-Triggered-At': nowIso(),
    });
    res.status(202).json({ topic, webhookId, address: complianceAddress(context) });
  });
}

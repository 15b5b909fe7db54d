import type { EventSender } from './events.ts';
import {
  renderCheckoutSession,
  renderCustomer,
  renderInvoice,
  renderSubscription,
  type RenderContext,
} from './objects.ts';
import {
  nowSeconds,
  periodEnd,
  randomId,
  testCards,
  type CheckoutSessionRecord,
  type InvoiceLineRecord,
  type InvoiceRecord,
  type StripeAccount,
  type SubscriptionRecord,
  type TestCardNumber,
} from './state.ts';
import { StripeApiError } from './errors.ts';

/**
 * What Stripe Billing does to subscriptions: start one from a paid Checkout session, change its price
 * with proration, cancel it now or at the period's end, and renew it (paid or declined). Each step
 * sends the events Stripe sends for it.
 */
export class SubscriptionBilling {
  constructor(
    private readonly events: EventSender,
    private readonly render: (account: StripeAccount) => RenderContext,
  ) {}

  /** The hosted page's "Pay": a customer when there is none, the subscription, its first invoice paid. */
  completeCheckout(account: StripeAccount, session: CheckoutSessionRecord, card: TestCardNumber): void {
    if (session.status !== 'open')
      throw new StripeApiError(400, 'invalid_request_error', 'This Checkout Session is no longer open.');
    const ctx = this.render(account);
    const now = nowSeconds();
    if (!session.customer) {
      const customer = {
        id: `cus_${randomId(14)}`,
        created: now,
        email: session.customerEmail,
        name: null,
        metadata: {},
      };
      account.customers[customer.id] = customer;
      session.customer = customer.id;
      this.events.emit(account, 'customer.created', renderCustomer(customer));
    }
    const first = account.prices[session.lineItems[0]!.price]!;
    const subscription: SubscriptionRecord = {
      id: `sub_${randomId(24)}`,
      created: now,
      customer: session.customer,
      status: 'active',
      items: session.lineItems.map((l) => ({
        id: `si_${randomId(14)}`,
        created: now,
        price: l.price,
        quantity: l.quantity,
      })),
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd(now, first.interval, first.intervalCount),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      latestInvoice: null,
      card,
      pendingLines: [],
      metadata: session.subscriptionMetadata,
    };
    account.subscriptions[subscription.id] = subscription;
    const invoice = this.invoiceFor(
      account,
      subscription,
      'subscription_create',
      this.periodLines(account, subscription),
    );
    // The first payment is taken on the hosted page: every test card succeeds here (0341 fails only later charges).
    this.pay(account, invoice, now);
    subscription.latestInvoice = invoice.id;
    session.status = 'complete';
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    this.events.emit(account, 'customer.subscription.created', renderSubscription(subscription, ctx));
    this.announceInvoice(account, invoice, true);
    this.events.emit(account, 'checkout.session.completed', renderCheckoutSession(session, ctx));
  }

  /** A price change (items[0][price]) with Stripe's proration behaviours. */
  changePrice(
    account: StripeAccount,
    subscription: SubscriptionRecord,
    itemId: string,
    priceId: string,
    proration: 'create_prorations' | 'always_invoice' | 'none',
  ): void {
    const item = subscription.items.find((i) => i.id === itemId);
    if (!item)
      throw new StripeApiError(400, 'invalid_request_error', `No such subscription item: '${itemId}'`, {
        param: 'items[0][id]',
      });
    const ctx = this.render(account);
    const before = renderSubscription(subscription, ctx);
    const now = nowSeconds();
    const lines = proration === 'none' ? [] : this.prorationLines(account, subscription, item, priceId, now);
    item.price = priceId;
    if (proration === 'always_invoice' && lines.length > 0) {
      const invoice = this.invoiceFor(account, subscription, 'subscription_update', lines);
      this.charge(account, subscription, invoice);
    } else subscription.pendingLines.push(...lines);
    this.events.emit(account, 'customer.subscription.updated', renderSubscription(subscription, ctx), {
      items: before.items,
    });
  }

  /** What switching now to `priceId` costs for the rest of the period: the unused time credited, the new price's charged. */
  prorationLines(
    account: StripeAccount,
    subscription: SubscriptionRecord,
    item: SubscriptionRecord['items'][number],
    priceId: string,
    now: number,
  ): InvoiceLineRecord[] {
    const oldPrice = account.prices[item.price]!;
    const newPrice = account.prices[priceId]!;
    const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
    const left = Math.max(0, Math.min(1, (end - now) / Math.max(1, end - start)));
    const line = (amount: number, description: string, price: string): InvoiceLineRecord => ({
      id: `il_${randomId(24)}`,
      amount,
      description,
      price,
      quantity: item.quantity,
      periodStart: now,
      periodEnd: end,
      proration: true,
      subscriptionItem: item.id,
    });
    return [
      line(
        -Math.round(oldPrice.unitAmount * item.quantity * left),
        `Unused time on ${this.priceName(account, item.price)}`,
        item.price,
      ),
      line(
        Math.round(newPrice.unitAmount * item.quantity * left),
        `Remaining time on ${this.priceName(account, priceId)}`,
        priceId,
      ),
    ];
  }

  setCancelAtPeriodEnd(account: StripeAccount, subscription: SubscriptionRecord, cancel: boolean): void {
    if (subscription.cancelAtPeriodEnd === cancel) return;
    const ctx = this.render(account);
    subscription.cancelAtPeriodEnd = cancel;
    subscription.canceledAt = cancel ? nowSeconds() : null;
    this.events.emit(account, 'customer.subscription.updated', renderSubscription(subscription, ctx), {
      cancel_at_period_end: !cancel,
    });
  }

  cancelNow(account: StripeAccount, subscription: SubscriptionRecord): void {
    if (subscription.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription has already been canceled.');
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceledAt ??= now;
    subscription.endedAt = now;
    this.events.emit(account, 'customer.subscription.deleted', renderSubscription(subscription, this.render(account)));
  }

  /**
   * The period ends: a subscription set to cancel ends; any other is invoiced for the next period
   * (with its pending prorations) and charged on its card, paid or declined (past_due).
   */
  renew(account: StripeAccount, subscription: SubscriptionRecord): void {
    if (subscription.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription has already been canceled.');
    if (subscription.cancelAtPeriodEnd) {
      subscription.currentPeriodEnd = Math.min(subscription.currentPeriodEnd, nowSeconds());
      return this.cancelNow(account, subscription);
    }
    const ctx = this.render(account);
    const before = renderSubscription(subscription, ctx);
    const first = account.prices[subscription.items[0]!.price]!;
    subscription.currentPeriodStart = subscription.currentPeriodEnd;
    subscription.currentPeriodEnd = periodEnd(subscription.currentPeriodStart, first.interval, first.intervalCount);
    const lines = [...subscription.pendingLines, ...this.periodLines(account, subscription)];
    subscription.pendingLines = [];
    const invoice = this.invoiceFor(account, subscription, 'subscription_cycle', lines);
    this.charge(account, subscription, invoice);
    this.events.emit(account, 'customer.subscription.updated', renderSubscription(subscription, ctx), {
      current_period_start: before.current_period_start,
      current_period_end: before.current_period_end,
      status: before.status,
    });
  }

  /** A new card (the portal's "Update payment method"): open invoices are tried again on it. */
  updateCard(account: StripeAccount, subscription: SubscriptionRecord, card: TestCardNumber): void {
    subscription.card = card;
    const open = Object.values(account.invoices).filter(
      (i) => i.subscription === subscription.id && i.status === 'open',
    );
    const before = subscription.status;
    for (const invoice of open) this.charge(account, subscription, invoice);
    if (subscription.status !== before)
      this.events.emit(
        account,
        'customer.subscription.updated',
        renderSubscription(subscription, this.render(account)),
        {
          status: before,
        },
      );
  }

  private charge(account: StripeAccount, subscription: SubscriptionRecord, invoice: InvoiceRecord): void {
    invoice.attemptCount++;
    subscription.latestInvoice = invoice.id;
    if (testCards[subscription.card].chargesSucceed) {
      this.pay(account, invoice, nowSeconds());
      const stillOpen = Object.values(account.invoices).some(
        (i) => i.subscription === subscription.id && i.status === 'open',
      );
      if (!stillOpen && subscription.status === 'past_due') subscription.status = 'active';
      this.announceInvoice(account, invoice, true);
    } else {
      subscription.status = 'past_due';
      this.announceInvoice(account, invoice, false);
    }
  }

  private pay(_account: StripeAccount, invoice: InvoiceRecord, at: number): void {
    invoice.status = 'paid';
    invoice.paidAt = at;
    invoice.amountPaid = Math.max(
      0,
      invoice.lines.reduce((sum, l) => sum + l.amount, 0),
    );
  }

  private announceInvoice(account: StripeAccount, invoice: InvoiceRecord, paid: boolean): void {
    const ctx = this.render(account);
    if (invoice.attemptCount <= 1) {
      this.events.emit(account, 'invoice.created', renderInvoice(invoice, ctx));
      this.events.emit(account, 'invoice.finalized', renderInvoice(invoice, ctx));
    }
    if (paid) {
      this.events.emit(account, 'invoice.paid', renderInvoice(invoice, ctx));
      this.events.emit(account, 'invoice.payment_succeeded', renderInvoice(invoice, ctx));
    } else this.events.emit(account, 'invoice.payment_failed', renderInvoice(invoice, ctx));
  }

  private invoiceFor(
    account: StripeAccount,
    subscription: SubscriptionRecord,
    reason: InvoiceRecord['billingReason'],
    lines: InvoiceLineRecord[],
  ): InvoiceRecord {
    account.invoiceSequence++;
    const prefix = subscription.customer.slice(4, 12).toUpperCase();
    const invoice: InvoiceRecord = {
      id: `in_${randomId(24)}`,
      number: `${prefix}-${String(account.invoiceSequence).padStart(4, '0')}`,
      created: nowSeconds(),
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'open',
      billingReason: reason,
      currency: account.prices[subscription.items[0]!.price]?.currency ?? 'usd',
      lines,
      amountPaid: 0,
      attemptCount: reason === 'subscription_create' ? 1 : 0,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      paidAt: null,
    };
    account.invoices[invoice.id] = invoice;
    return invoice;
  }

  private periodLines(account: StripeAccount, subscription: SubscriptionRecord): InvoiceLineRecord[] {
    return subscription.items.map((item) => ({
      id: `il_${randomId(24)}`,
      amount: account.prices[item.price]!.unitAmount * item.quantity,
      description: `${item.quantity} × ${this.priceName(account, item.price)}`,
      price: item.price,
      quantity: item.quantity,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      proration: false,
      subscriptionItem: item.id,
    }));
  }

  private priceName(account: StripeAccount, priceId: string): string {
    const price = account.prices[priceId];
    const product = price && account.products[price.product];
    return `${product?.name ?? priceId}${price?.interval ? ` (per ${price.interval})` : ''}`;
  }
}

/**
 * What a sandbox order carries for the seller to ship it, in the Fulfillment API's fields: the buyer
 * and their US address (generated, deterministic from the order's sequence number), the ship-by date,
 * the estimated delivery window, the payment and eBay's fees. Orders saved before the sandbox had
 * these get them when next read.
 */
import type { EbayAmount, SandboxContact, SandboxLineItem, SandboxOrder, SandboxOrderShipping } from './state.ts';

// prettier-ignore
const FIRST_NAMES = [
  'Emily', 'James', 'Olivia', 'Michael', 'Sophia', 'Daniel', 'Ava', 'David', 'Isabella', 'Matthew', 'Mia',
  'Joseph', 'Charlotte', 'Andrew', 'Amelia', 'Ryan', 'Harper',
];
// prettier-ignore
const LAST_NAMES = [
  'Johnson', 'Martinez', 'Nguyen', 'Smith', 'Patel', 'Brown', 'Garcia', 'Wilson', 'Anderson', 'Thomas', 'Lee',
  'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Rivera', 'Campbell',
];
// prettier-ignore
const STREETS = [
  'Maple Avenue', 'Oak Street', 'Cedar Lane', 'Elm Street', 'Washington Boulevard', 'Lincoln Avenue', 'Park Place',
  'Lake Drive', 'Hillcrest Road', 'Highland Avenue', 'Church Street', 'Main Street', 'Pine Street', 'River Road',
];
/** Real city, state, ZIP and area-code combinations, so an address looks like one a buyer would give. */
const CITIES: Array<[city: string, state: string, zip: string, areaCode: string]> = [
  ['Austin', 'TX', '78701', '512'],
  ['Portland', 'OR', '97205', '503'],
  ['Columbus', 'OH', '43215', '614'],
  ['Denver', 'CO', '80202', '303'],
  ['Raleigh', 'NC', '27601', '919'],
  ['Madison', 'WI', '53703', '608'],
  ['Boise', 'ID', '83702', '208'],
  ['Richmond', 'VA', '23219', '804'],
  ['Tucson', 'AZ', '85701', '520'],
  ['Albany', 'NY', '12207', '518'],
  ['Sacramento', 'CA', '95814', '916'],
  ['Nashville', 'TN', '37203', '615'],
  ['Minneapolis', 'MN', '55401', '612'],
  ['Savannah', 'GA', '31401', '912'],
  ['Omaha', 'NE', '68102', '402'],
  ['Burlington', 'VT', '05401', '802'],
  ['Spokane', 'WA', '99201', '509'],
  ['Tampa', 'FL', '33602', '813'],
  ['Louisville', 'KY', '40202', '502'],
  ['Providence', 'RI', '02903', '401'],
];

const DAY_MS = 86_400_000;
/** Business days the sandbox seller takes to ship (a typical handling time on eBay US). */
export const HANDLING_BUSINESS_DAYS = 2;

/** The buyer of the `sequence`-th order and where it goes: the same every time for the same number. */
export function buyerContact(sequence: number, username: string): SandboxContact {
  const [city, state, zip, areaCode] = CITIES[(sequence * 7) % CITIES.length]!;
  const apartment = sequence % 3 === 0 ? { addressLine2: `Apt ${(sequence % 40) + 1}` } : {};
  return {
    fullName: `${FIRST_NAMES[sequence % FIRST_NAMES.length]} ${LAST_NAMES[(sequence * 5) % LAST_NAMES.length]}`,
    contactAddress: {
      addressLine1: `${100 + ((sequence * 37) % 9800)} ${STREETS[(sequence * 3) % STREETS.length]}`,
      ...apartment,
      city,
      stateOrProvince: state,
      postalCode: zip,
      countryCode: 'US',
    },
    // 555-0100 to 555-0199 are reserved for fiction: never a real line.
    primaryPhone: { phoneNumber: `${areaCode}-555-01${String(sequence % 100).padStart(2, '0')}` },
    // eBay relays buyer mail through a masked address.
    email: `${username}@members.ebay.com`,
  };
}

/** The time `days` business days (Monday to Friday, UTC) after `fromMs`. */
export function businessDaysAfter(fromMs: number, days: number): number {
  let at = fromMs;
  for (let left = days; left > 0;) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return at;
}

/** Ship by the handling time after the order; delivered 2 to 5 days after that (USPS Priority's window). */
export function lineShippingInstructions(createdMs: number): SandboxLineItem['lineItemFulfillmentInstructions'] {
  const shipBy = businessDaysAfter(createdMs, HANDLING_BUSINESS_DAYS);
  return {
    shipByDate: new Date(shipBy).toISOString(),
    minEstimatedDeliveryDate: new Date(shipBy + 2 * DAY_MS).toISOString(),
    maxEstimatedDeliveryDate: new Date(shipBy + 5 * DAY_MS).toISOString(),
    guaranteedDelivery: false,
  };
}

export const cents = (amount: EbayAmount) => Math.round(Number(amount.value) * 100);
export const amountOf = (cents: number, currency: string): EbayAmount => ({
  value: (cents / 100).toFixed(2),
  currency,
});

/**
 * eBay's fees on the order: a final value fee like eBay US's for most categories (13.6% of the total,
 * plus $0.40 per order over $10 and $0.30 at or under; https://www.ebay.com/help/selling/fees-credits-invoices/selling-fees?id=4822).
 */
export function marketplaceFee(total: EbayAmount): EbayAmount {
  const totalCents = cents(total);
  return amountOf(Math.round(totalCents * 0.136) + (totalCents > 1000 ? 40 : 30), total.currency);
}

/** The buyer, shipping plan, payment and fees of the `sequence`-th order (free USPS Priority shipping). */
export function orderShipping(
  sequence: number,
  createdMs: number,
  total: EbayAmount,
): SandboxOrderShipping & { lineInstructions: SandboxLineItem['lineItemFulfillmentInstructions'] } {
  const username = `sandbox_buyer_${sequence}`;
  const buyer = buyerContact(sequence, username);
  const { city, stateOrProvince, postalCode, countryCode } = buyer.contactAddress;
  const lineInstructions = lineShippingInstructions(createdMs);
  return {
    buyer: {
      username,
      buyerRegistrationAddress: buyer,
      taxAddress: { city, stateOrProvince, postalCode, countryCode },
    },
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: 'SHIP_TO',
        ebaySupportedFulfillment: false,
        minEstimatedDeliveryDate: lineInstructions.minEstimatedDeliveryDate,
        maxEstimatedDeliveryDate: lineInstructions.maxEstimatedDeliveryDate,
        shippingStep: { shippingCarrierCode: 'USPS', shippingServiceCode: 'USPSPriority', shipTo: buyer },
      },
    ],
    fulfillmentHrefs: [],
    paymentSummary: {
      payments: [
        { paymentMethod: 'EBAY', paymentStatus: 'PAID', paymentDate: new Date(createdMs).toISOString(), amount: total },
      ],
      refunds: [],
      totalDueSeller: total,
    },
    totalFeeBasisAmount: total,
    totalMarketplaceFee: marketplaceFee(total),
    lineInstructions,
  };
}

/**
 * Fills in what an order saved before the sandbox had shipping details lacks (from its sales record
 * number, its sequence); answers whether anything changed, so the caller saves it.
 */
export function withShippingDetails(order: SandboxOrder): boolean {
  if (order.fulfillmentStartInstructions && order.totalMarketplaceFee) return false;
  const sequence = Number(order.salesRecordReference) || 0;
  const total = order.pricingSummary.total;
  const { lineInstructions, ...shipping } = orderShipping(sequence, Date.parse(order.creationDate), total);
  const saved = order as Partial<SandboxOrder> & { buyer?: { username?: string } };
  Object.assign(order, shipping, {
    buyer: { ...shipping.buyer, username: saved.buyer?.username ?? shipping.buyer.username },
  });
  order.pricingSummary = { ...order.pricingSummary, deliveryCost: { value: '0.00', currency: total.currency } };
  if (order.orderPaymentStatus === 'FULLY_REFUNDED')
    recordFullRefund(order, order.cancelStatus.cancelledDate ?? order.lastModifiedDate);
  for (const line of order.lineItems) {
    line.lineItemFulfillmentInstructions ??= lineInstructions;
    line.deliveryCost ??= { shippingCost: { value: '0.00', currency: line.total.currency } };
    line.appliedPromotions ??= [];
    line.taxes ??= [];
    line.refunds ??= [];
  }
  return true;
}

/**
 * A refund of what is left of the order (a cancellation's) as the order read shows it: in the payment
 * summary and on each line, beside any refund given before.
 */
export function recordFullRefund(order: SandboxOrder, at: string): void {
  const refundId = `5${order.salesRecordReference.padStart(11, '0')}`;
  const currency = order.pricingSummary.total.currency;
  const refunds = order.paymentSummary.refunds;
  order.orderPaymentStatus = 'FULLY_REFUNDED';
  const left = cents(order.pricingSummary.total) - refunds.reduce((sum, r) => sum + cents(r.amount), 0);
  if (left > 0) refunds.push({ refundId, refundDate: at, refundStatus: 'REFUNDED', amount: amountOf(left, currency) });
  order.paymentSummary.totalDueSeller = { value: '0.00', currency };
  for (const line of order.lineItems) {
    const lineLeft = cents(line.total) - (line.refunds ?? []).reduce((sum, r) => sum + cents(r.amount), 0);
    if (lineLeft > 0)
      line.refunds = [...(line.refunds ?? []), { amount: amountOf(lineLeft, currency), refundDate: at, refundId }];
  }
}

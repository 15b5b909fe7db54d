/**
 * Made-up buyers for sandbox orders: a name, an anonymized email as Amazon gives one, and a US shipping
 * address, all determined by the order's sequence number (the seller's 1st, 2nd… order), so the same
 * order always ships to the same place. Real cities with their ZIP codes; phone numbers in the 555-01xx
 * range, which is reserved for fiction.
 */
import crypto from 'node:crypto';
import type { AddressRecord, OrderRecord } from './state.ts';

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Elijah',
  'Isabella',
  'James',
  'Mia',
  'Lucas',
  'Harper',
  'Benjamin',
  'Amelia',
  'Henry',
  'Evelyn',
  'Daniel',
  'Aaliyah',
  'Samuel',
  'Priya',
  'Wei',
  'Maria',
];

const LAST_NAMES = [
  'Johnson',
  'Garcia',
  'Nguyen',
  'Smith',
  'Patel',
  'Williams',
  'Martinez',
  'Brown',
  'Kim',
  'Davis',
  'Rodriguez',
  'Miller',
  'Wilson',
  'Anderson',
  'Thomas',
  'Lee',
  'Hernandez',
  'Moore',
  'Clark',
];

const STREETS = [
  'Maple Ave',
  'Oak St',
  'Cedar Ln',
  'Pine St',
  'Elm St',
  'Washington Ave',
  'Lakeview Dr',
  'Park Ave',
  'Hillcrest Rd',
  'Main St',
  'Sunset Blvd',
  'Willow Way',
  'Chestnut St',
  'Highland Ave',
  'River Rd',
  'Franklin St',
  'Jefferson Ave',
];

/** City, state, a ZIP code of that city, and its telephone area code. */
const PLACES: Array<[string, string, string, string]> = [
  ['Seattle', 'WA', '98103', '206'],
  ['Portland', 'OR', '97205', '503'],
  ['Denver', 'CO', '80205', '303'],
  ['Austin', 'TX', '78704', '512'],
  ['Chicago', 'IL', '60614', '312'],
  ['Columbus', 'OH', '43215', '614'],
  ['Atlanta', 'GA', '30308', '404'],
  ['Nashville', 'TN', '37203', '615'],
  ['Minneapolis', 'MN', '55407', '612'],
  ['Phoenix', 'AZ', '85016', '602'],
  ['Raleigh', 'NC', '27605', '919'],
  ['Boston', 'MA', '02118', '617'],
  ['Brooklyn', 'NY', '11215', '718'],
  ['Philadelphia', 'PA', '19147', '215'],
  ['San Diego', 'CA', '92104', '619'],
  ['Salt Lake City', 'UT', '84102', '801'],
  ['Kansas City', 'MO', '64111', '816'],
  ['Madison', 'WI', '53703', '608'],
  ['Richmond', 'VA', '23220', '804'],
  ['Tampa', 'FL', '33606', '813'],
];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

/** The buyer of the seller's `sequence`-th order (1 for the first). */
export function buyerOf(sequence: number): NonNullable<OrderRecord['buyer']> {
  const n = Math.max(1, Math.floor(sequence));
  const name = `${pick(FIRST_NAMES, n * 7 + 2)} ${pick(LAST_NAMES, n * 5 + 1)}`;
  const [City, StateOrRegion, PostalCode, areaCode] = pick(PLACES, n * 3);
  const address: AddressRecord = {
    Name: name,
    AddressLine1: `${100 + ((n * 2731) % 9800)} ${pick(STREETS, n * 11)}`,
    ...(n % 3 === 0 ? { AddressLine2: `Apt ${(n % 17) + 1}${pick(['A', 'B', 'C', 'D'], n)}` } : {}),
    City,
    StateOrRegion,
    PostalCode,
    CountryCode: 'US',
    Phone: `+1 ${areaCode}-555-01${String(n % 100).padStart(2, '0')}`,
    AddressType: 'Residential',
  };
  // Amazon hands sellers an anonymized relay address, never the buyer's own.
  const mailbox = crypto.createHash('sha256').update(`buyer-${n}`).digest('hex').slice(0, 15);
  return { BuyerName: name, BuyerEmail: `${mailbox}@marketplace.amazon.com`, ShippingAddress: address };
}

/** The order's sequence number for an order stored before the sandbox kept buyers: from its id, stable. */
export function sequenceOfOrderId(orderId: string): number {
  return (parseInt(orderId.replace(/\D/g, '').slice(-6) || '1', 10) % 9973) + 1;
}

/** `days` business days (Monday to Friday, UTC) after `iso`, at the same time of day. */
export function businessDaysAfter(iso: string, days: number): string {
  const date = new Date(iso);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString();
}

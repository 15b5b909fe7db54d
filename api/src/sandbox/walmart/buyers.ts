/**
 * The buyer and the ship-to of a sandbox purchase order, generated from the order's sequence so the
 * same order always shows the same person and place: realistic US addresses (real city, state, ZIP
 * and area code together; phone numbers in the 555-01xx range kept for fiction), and Walmart's
 * dates (estimatedShipDate, the ship-by, and estimatedDeliveryDate).
 */

// prettier-ignore
const firstNames = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'James', 'Sophia', 'Lucas', 'Mia', 'Ethan',
  'Harper', 'Mason', 'Amelia', 'Logan', 'Evelyn', 'Carter', 'Abigail', 'Wyatt', 'Ella', 'Jackson',
];
// prettier-ignore
const lastNames = [
  'Johnson', 'Martinez', 'Nguyen', 'Patel', 'Thompson', 'Garcia', 'Robinson', 'Clark', 'Lewis', 'Walker',
  'Hernandez', 'Young', 'Allen', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams',
];
// prettier-ignore
const streets = [
  'Maple Ave', 'Oak St', 'Washington Blvd', 'Lincoln Rd', 'Park Ave', 'Cedar Ln', 'Elm St', 'Main St',
  'Highland Dr', 'Lakeview Dr', 'Sunset Blvd', 'Pine St', 'Walnut St', 'Church St', 'Mill Rd', 'River Rd',
];
/** City, state, ZIP and area code that belong together. */
const places: Array<[city: string, state: string, postalCode: string, areaCode: string]> = [
  ['Bentonville', 'AR', '72712', '479'],
  ['Springfield', 'IL', '62704', '217'],
  ['Columbus', 'OH', '43215', '614'],
  ['Austin', 'TX', '78704', '512'],
  ['Denver', 'CO', '80205', '303'],
  ['Portland', 'OR', '97214', '503'],
  ['Raleigh', 'NC', '27601', '919'],
  ['Madison', 'WI', '53703', '608'],
  ['Tucson', 'AZ', '85719', '520'],
  ['Albany', 'NY', '12203', '518'],
  ['Boise', 'ID', '83702', '208'],
  ['Richmond', 'VA', '23220', '804'],
  ['Omaha', 'NE', '68102', '402'],
  ['Sacramento', 'CA', '95814', '916'],
  ['Nashville', 'TN', '37203', '615'],
  ['Burlington', 'VT', '05401', '802'],
];

export interface SandboxBuyer {
  name: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  postalCode: string;
  /** Walmart's 10-digit phone string. */
  phone: string;
}

/** Spreads consecutive sequences over the lists (Knuth's multiplicative hash), so neighbours differ in every field. */
const spread = (sequence: number, salt: number) => (Math.imul(sequence + salt, 2654435761) >>> 0) % 1_000_003;

export function buyerOf(sequence: number): SandboxBuyer {
  const pick = <T>(list: readonly T[], salt: number) => list[spread(sequence, salt) % list.length]!;
  const [city, state, postalCode, areaCode] = pick(places, 3);
  const apartment = sequence % 3 === 0 ? `Apt ${(spread(sequence, 5) % 40) + 1}${'ABCD'[sequence % 4]}` : undefined;
  return {
    name: `${pick(firstNames, 1)} ${pick(lastNames, 2)}`,
    address1: `${100 + (spread(sequence, 4) % 9800)} ${pick(streets, 6)}`,
    ...(apartment ? { address2: apartment } : {}),
    city,
    state,
    postalCode,
    phone: `${areaCode}55501${String(sequence % 100).padStart(2, '0')}`,
  };
}

const DAY_MS = 86_400_000;

/** `days` business days (Monday to Friday, UTC) after `fromMs`, at the same time of day. */
export function businessDaysAfter(fromMs: number, days: number): number {
  let at = fromMs;
  for (let left = days; left > 0;) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return at;
}

/** Walmart's estimatedShipDate (the ship-by): 2 business days after the order. */
export const shipByOf = (orderDate: number) => businessDaysAfter(orderDate, 2);
/** Walmart's estimatedDeliveryDate: 3 business days in transit after the ship-by. */
export const deliverByOf = (orderDate: number) => businessDaysAfter(shipByOf(orderDate), 3);

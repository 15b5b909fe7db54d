/**
 * The buyer of each sandbox order and where it ships: made up, but realistic US addresses (real cities,
 * their states and ZIP codes, 555-01xx phone numbers, which are reserved for fiction), and always the
 * same for the same order number, so an order placed before buyers were kept gets one too.
 */

export interface SandboxBuyer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  country: 'United States';
  countryCode: 'US';
}

const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Isabella',
  'Lucas',
  'Mia',
  'Elijah',
  'Harper',
  'James',
  'Amelia',
  'Benjamin',
  'Evelyn',
  'Henry',
  'Abigail',
  'Daniel',
];
const lastNames = [
  'Johnson',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Nguyen',
  'Patel',
];
const streets = [
  'Maple Avenue',
  'Oak Street',
  'Cedar Lane',
  'Pine Street',
  'Elm Drive',
  'Washington Street',
  'Lakeview Road',
  'Hillcrest Drive',
  'Park Avenue',
  'Sunset Boulevard',
  'Willow Court',
  'Main Street',
  'Highland Avenue',
  'Riverside Drive',
  'Chestnut Street',
  'Meadow Lane',
];
/** Real places: city, state, its code, a ZIP code of the city and its area code. */
const places: Array<[string, string, string, string, string]> = [
  ['Austin', 'Texas', 'TX', '78701', '512'],
  ['Portland', 'Oregon', 'OR', '97205', '503'],
  ['Brooklyn', 'New York', 'NY', '11201', '718'],
  ['Denver', 'Colorado', 'CO', '80202', '303'],
  ['Columbus', 'Ohio', 'OH', '43215', '614'],
  ['Raleigh', 'North Carolina', 'NC', '27601', '919'],
  ['Madison', 'Wisconsin', 'WI', '53703', '608'],
  ['Boise', 'Idaho', 'ID', '83702', '208'],
  ['Tucson', 'Arizona', 'AZ', '85701', '520'],
  ['Nashville', 'Tennessee', 'TN', '37203', '615'],
  ['Salt Lake City', 'Utah', 'UT', '84101', '801'],
  ['Richmond', 'Virginia', 'VA', '23219', '804'],
  ['Omaha', 'Nebraska', 'NE', '68102', '402'],
  ['Sacramento', 'California', 'CA', '95814', '916'],
  ['Burlington', 'Vermont', 'VT', '05401', '802'],
  ['Savannah', 'Georgia', 'GA', '31401', '912'],
  ['Minneapolis', 'Minnesota', 'MN', '55401', '612'],
  ['Pittsburgh', 'Pennsylvania', 'PA', '15222', '412'],
];

const pick = <T>(list: readonly T[], n: number, step: number) => list[(n * step) % list.length]!;

/** The buyer of the order with this number (#1001 → 1001): the same one every time. */
export function buyerOfOrder(orderNumber: number): SandboxBuyer {
  // Different steps (prime to each list's length) so names, streets and places combine variously.
  const n = Math.abs(Math.trunc(orderNumber));
  const firstName = pick(firstNames, n, 7);
  const lastName = pick(lastNames, n, 5);
  const [city, province, provinceCode, zip, areaCode] = pick(places, n, 11);
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}${n % 100}@example.com`.toLowerCase(),
    phone: `+1 ${areaCode}-555-01${String(n % 100).padStart(2, '0')}`,
    address1: `${100 + ((n * 37) % 9800)} ${pick(streets, n, 3)}`,
    // Every third buyer lives in an apartment.
    address2: n % 3 === 0 ? `Apt ${1 + (n % 12)}${'ABCD'[n % 4]}` : null,
    city,
    province,
    provinceCode,
    zip,
    country: 'United States',
    countryCode: 'US',
  };
}

/** The number of an order's name: #1001 → 1001. */
export const orderNumberOf = (name: string) => Number(/\d+/.exec(name)?.[0] ?? 0);

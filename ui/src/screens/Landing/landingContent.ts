import type { ComponentType } from 'react';
import {
  ChartIcon,
  LayersIcon,
  MegaphoneIcon,
  ShieldCheckIcon,
  SyncIcon,
  TagIcon,
  UsersIcon,
} from '../../shared/marketing/icons';
import type { TileTone } from '../../shared/marketing/marketing.variants';

// The landing page's copy, kept apart from its layout.

export const hero = {
  eyebrow: '7-day free trial · No credit card required',
  /** The headline's first line, in the brand colour. */
  headlineAccent: 'Zero overselling.',
  headline: 'Real-time inventory sync across Amazon, Walmart, eBay and Shopify.',
  lead: 'Choose one main channel as your source of truth. Marketplace Hub pushes every stock, price and listing change to your other marketplaces in seconds instead of every 15 minutes — and shows each change with its before and after.',
} as const;

/** Marketing claims, shown as figures under the hero. */
export const heroFigures = [
  { value: '99.9%', label: 'inventory accuracy' },
  { value: '0.3 s', label: 'average sync time' },
  { value: '99.97%', label: 'uptime' },
] as const;

export interface Feature {
  title: string;
  description: string;
  icon: ComponentType<{ size?: number }>;
  tone: TileTone;
}

export const features = [
  {
    title: 'Real-time inventory sync',
    description:
      'A sale on any channel lowers stock on your main channel and pushes the new quantity to every target in seconds. The last unit can only be sold once — zero overselling.',
    icon: SyncIcon,
    tone: 'brand',
  },
  {
    title: 'Automated pricing rules',
    description:
      'Set floor and ceiling prices, margin targets and per-channel markups. Rules reprice on their own and every change is recorded with its old and new price.',
    icon: TagIcon,
    tone: 'positive',
  },
  {
    title: 'Multi-channel listing management',
    description:
      'Edit a product once on your main channel; titles, descriptions, variants and prices follow on Amazon, Walmart Marketplace, eBay and Shopify.',
    icon: LayersIcon,
    tone: 'info',
  },
  {
    title: 'Sales and inventory analytics',
    description:
      'Revenue, units sold and stock levels by SKU, channel and day, with low-stock alerts before a best-seller runs out.',
    icon: ChartIcon,
    tone: 'brand',
  },
  {
    title: 'Advertising management',
    description:
      'See ad spend, sales and ACoS for every marketplace in one view, and pause ads automatically when a SKU goes out of stock.',
    icon: MegaphoneIcon,
    tone: 'positive',
  },
  {
    title: 'Compliance checks',
    description:
      'Listings are checked for missing attributes, invalid identifiers and restricted terms before they are published, so you fix problems before a marketplace suppresses them.',
    icon: ShieldCheckIcon,
    tone: 'info',
  },
  {
    title: 'Team access and audit logs',
    description:
      'Invite your team as Super User, Admin or Client. Every sync, price change and listing edit lands in the audit log with who made it, when, and its before and after.',
    icon: UsersIcon,
    tone: 'brand',
  },
] as const satisfies readonly Feature[];

export const advertising = {
  title: 'Advertising management',
  description: 'Run campaigns across your marketplaces without jumping between four ad consoles.',
  points: [
    'Spend, sales and ACoS per campaign and per SKU, side by side',
    'Budgets and bids adjusted from one place',
    'Ads paused automatically when a product sells out, resumed when it is restocked',
  ],
} as const;

export const pricingRules = {
  title: 'Automated pricing',
  description: 'Pricing rules that protect your margin on every channel, around the clock.',
  points: [
    'Rules by SKU, brand or channel, with floor and ceiling prices that are never crossed',
    'Per-channel markups to cover each marketplace’s fees',
    'Every price change logged with its before and after',
  ],
} as const;

/** The example price change shown beside the pricing rules. */
export const examplePriceChange = {
  sku: 'TEE-BLK-M',
  before: '$24.99',
  after: '$23.49',
  rule: 'Match lowest competitor, floor $21.00',
} as const;

export const testimonials = [
  {
    quote:
      'We used to sell the same last unit on Amazon and eBay a few times a week. Since we moved to Marketplace Hub we have not had a single oversell.',
    name: 'Priya Raman',
    role: 'Founder, Lumen Home Goods',
  },
  {
    quote:
      'Repricing used to be a morning of spreadsheets. Now our rules run on their own, and I can see every before and after in the change log.',
    name: 'Marcus Feld',
    role: 'Operations Lead, Trailhead Outdoor Supply',
  },
  {
    quote:
      'Adding Walmart took an afternoon. Shopify stays our main channel and every other marketplace follows within seconds.',
    name: 'Elena Ortiz',
    role: 'E-commerce Manager, Casa Verde Kitchen',
  },
] as const;

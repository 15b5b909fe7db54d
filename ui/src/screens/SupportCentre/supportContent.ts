import type { MarketplaceId } from '../../shared/marketing/marketplaces';
import { freeTrial } from '../../shared/marketing/plans';

// The support centre's copy: setup guides, questions and the status panel.

function chooseMainChannel(name: string): string {
  return `Choose your main channel: mark ${name} as the main channel (the source of truth for stock and prices) or as a target channel that follows it.`;
}

export interface SetupGuide {
  marketplace: MarketplaceId;
  title: string;
  steps: readonly string[];
}

/** One quick setup guide per marketplace, ending with the choice of main channel. */
export const setupGuides = [
  {
    marketplace: 'amazon',
    title: 'Connect Amazon',
    steps: [
      'Sign in to Amazon Seller Central as the primary account user and open Apps and Services → Develop Apps. Register as a developer if Amazon asks you to.',
      'Create a developer app (or choose your existing one) and authorise it for your own seller account.',
      'Note the app’s LWA Client ID and Client Secret, and the Refresh Token Amazon shows when you authorise the app.',
      'In Marketplace Hub, go to Channels → Connect Amazon and enter the Client ID, Client Secret and Refresh Token.',
      chooseMainChannel('Amazon'),
    ],
  },
  {
    marketplace: 'walmart',
    title: 'Connect Walmart Marketplace',
    steps: [
      'Sign in to the Walmart Developer Portal (developer.walmart.com) with your Seller Center account.',
      'Open API Keys and copy the Client ID and Client Secret of your production key. Generate a key first if you have none.',
      'In Marketplace Hub, go to Channels → Connect Walmart and paste the Client ID and Client Secret.',
      chooseMainChannel('Walmart'),
    ],
  },
  {
    marketplace: 'ebay',
    title: 'Connect eBay',
    steps: [
      'In Marketplace Hub, go to Channels → Connect eBay. eBay’s consent page opens in a popup window; allow popups for this site if your browser blocks it.',
      'Sign in to your eBay seller account and select Agree to grant access.',
      'The popup confirms the connection and closes itself. eBay now shows as connected in Channels.',
      chooseMainChannel('eBay'),
    ],
  },
  {
    marketplace: 'shopify',
    title: 'Connect Shopify',
    steps: [
      'In Marketplace Hub, go to Channels → Connect Shopify.',
      'Enter your shop domain, for example your-store.myshopify.com — the myshopify.com address, even if your store uses a custom domain.',
      'Shopify opens: review the requested access to products, inventory and orders, and approve the app.',
      chooseMainChannel('Shopify'),
    ],
  },
] as const satisfies readonly SetupGuide[];

export interface Question {
  id: string;
  question: string;
  answer: string;
}

export const questions = [
  {
    id: 'free-trial',
    question: `What does the ${freeTrial.days}-day free trial include?`,
    answer: `The free trial lasts ${freeTrial.days} days and needs no credit card. During the trial you can connect unlimited channels and sync up to 1,000 SKUs. Choose a plan before it ends to keep syncing.`,
  },
  {
    id: 'sync-frequency',
    question: 'How often does inventory sync?',
    answer:
      'Auto-sync runs every 3 minutes, checking each connected channel for changes. On plans with real-time sync, changes are also pushed to your target channels as they happen, usually within seconds.',
  },
  {
    id: 'overselling',
    question: 'How does Marketplace Hub prevent overselling?',
    answer:
      'Your main channel holds the one stock count. When an order arrives on any channel, the quantity is reduced once on the main channel and the new figure is pushed to every target channel, so the same unit cannot be sold twice. When a SKU reaches zero, it shows as out of stock everywhere.',
  },
  {
    id: 'main-channel',
    question: 'What is a main channel, and what happens on it?',
    answer:
      'The main channel is your source of truth for inventory and prices. Changes you make there are sent to your target channels, and target channels follow its values at every sync, so make your edits on the main channel. Each change is listed with its before and after.',
  },
  {
    id: 'marketplaces',
    question: 'Which marketplaces can I connect?',
    answer:
      'Amazon, Walmart Marketplace, eBay and Shopify, and any of them can be your main channel. Starter includes 2 marketplace connections, Growth 3, and Business and Enterprise all marketplaces.',
  },
  {
    id: 'security',
    question: 'Is my data secure?',
    answer:
      'Yes. Marketplace credentials and access tokens are encrypted at rest with AES-256-GCM, passwords are hashed with Argon2id, and all traffic is encrypted with TLS. Role-based access and audit logs show who changed what, and when.',
  },
  {
    id: 'cancel',
    question: 'How do I cancel my subscription?',
    answer:
      'Cancel at any time from the Billing page, with no cancellation fee; your plan stays active until the end of the period you have paid for. The trial needs no credit card, so if you do not choose a plan, nothing is charged.',
  },
  {
    id: 'ebay-cancelled',
    question: 'What if I cancelled on eBay’s consent page?',
    answer:
      'If you close eBay’s page or do not select Agree, your eBay account is not connected. Retry from the Channel Management page: choose Connect eBay again and sign in.',
  },
] as const satisfies readonly Question[];

/** The System Status panel: fixed text, not a live check (spec section 2). */
export const statusServices = ['Sync Service', 'Marketplace APIs', 'Security', 'User Portal'] as const;
export const operationalLabel = 'Operational';

import type { ComponentType } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { mailto, salesEmail, supportResponseTime } from '../../shared/marketing/contact';
import {
  CheckIcon,
  ClockIcon,
  LockIcon,
  ShieldCheckIcon,
  StoreIcon,
  SyncIcon,
  UsersIcon,
} from '../../shared/marketing/icons';
import { AnchorButton } from '../../shared/marketing/links';
import { marketplaces } from '../../shared/marketing/marketplaces';
import type { TileTone } from '../../shared/marketing/marketing.variants';
import { freeTrialNote } from '../../shared/marketing/plans';
import { productName } from '../../shared/marketing/ProductLogo';
import { PublicPage, SignedOutHeader } from '../../shared/marketing/PublicPage';
import { publicPaths } from '../../shared/marketing/routes';
import * as marketing from '../../shared/marketing/marketing.css';
import * as styles from './About.css';

const capabilities = [
  'Real-time inventory sync from one main channel to every target channel, with zero overselling',
  'Automated pricing rules with floor and ceiling prices',
  'Listing management across all four marketplaces',
  'Sales and inventory analytics by SKU and channel',
  'Advertising management in one place',
  'Compliance checks before listings go live',
  'Team management with Super User, Admin and Client roles, and a full audit log',
] as const;

interface Reason {
  title: string;
  description: string;
  icon: ComponentType<{ size?: number }>;
  tone: TileTone;
}

const reasons = [
  {
    title: 'Zero overselling',
    description:
      'Stock is counted once, on your main channel, and every sale updates every marketplace — so the last unit is sold only once.',
    icon: ShieldCheckIcon,
    tone: 'positive',
  },
  {
    title: 'Seconds, not 15 minutes',
    description: 'Changes reach your target channels in seconds instead of waiting for the next scheduled batch.',
    icon: SyncIcon,
    tone: 'brand',
  },
  {
    title: 'Every change on record',
    description: 'Each stock, price and listing update is shown with its before and after, and who or what made it.',
    icon: ClockIcon,
    tone: 'info',
  },
  {
    title: 'Security by default',
    description:
      'Marketplace credentials and tokens are encrypted at rest with AES-256-GCM; passwords are hashed with Argon2id.',
    icon: LockIcon,
    tone: 'brand',
  },
  {
    title: 'Built for teams',
    description: 'Role-based access for Super Users, Admins and Clients, so everyone sees exactly what they need.',
    icon: UsersIcon,
    tone: 'info',
  },
  {
    title: 'People who answer',
    description: `Email support with a response ${supportResponseTime}, and step-by-step guides for every marketplace.`,
    icon: StoreIcon,
    tone: 'positive',
  },
] as const satisfies readonly Reason[];

/** The public About page (/about). */
export function About() {
  return (
    <PublicPage header={<SignedOutHeader />}>
      <section className={styles.hero} aria-labelledby="about-title">
        <div className={styles.heroInner}>
          <p className={marketing.eyebrow}>About us</p>
          <h1 id="about-title" className={marketing.pageTitle}>
            About {productName}
          </h1>
          <p className={`${marketing.lead} ${styles.heroLead}`}>
            {productName} is a multi-marketplace operations hub for online sellers. We keep inventory, prices and
            listings in sync across Amazon, Walmart Marketplace, eBay and Shopify, so you can sell everywhere without
            selling what you do not have.
          </p>
        </div>
      </section>

      <section className={marketing.section()} aria-label="Mission and product">
        <div className={styles.split}>
          <div className={styles.block}>
            <h2 className={styles.blockTitle}>Our mission</h2>
            <p className={marketing.body}>
              Selling on more than one marketplace should grow a business, not multiply its busywork. Our mission is to
              give every seller one reliable source of truth for stock and prices — and to make overselling a thing of
              the past.
            </p>
            <p className={marketing.body}>
              We build for the people who run the operation day to day: clear numbers, changes you can trace, and
              automation you stay in control of.
            </p>
          </div>
          <div className={styles.block}>
            <h2 className={styles.blockTitle}>What {productName} does</h2>
            <p className={marketing.body}>
              You choose one main channel as the source of truth; the others become target channels that receive its
              updates. On top of that sync, {productName} brings together:
            </p>
            <ul className={marketing.checkList} role="list">
              {capabilities.map((capability) => (
                <li key={capability} className={marketing.checkItem}>
                  <CheckIcon size={16} className={marketing.checkMark} />
                  {capability}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className={marketing.section({ tone: 'raised' })} aria-labelledby="about-marketplaces-title">
        <div className={marketing.container}>
          <div className={marketing.sectionHeader}>
            <h2 id="about-marketplaces-title" className={marketing.sectionTitle}>
              Supported marketplaces
            </h2>
            <p className={marketing.lead}>Any of the four can be your main channel; the rest follow it.</p>
          </div>
          <ul className={marketing.grid({ columns: 'four' })} role="list" aria-label="Supported marketplaces">
            {marketplaces.map((marketplace) => (
              <li key={marketplace.id} className={marketing.gridItem}>
                <Card as="article">
                  <div>
                    <h3 className={styles.cardHeading}>{marketplace.name}</h3>
                    <p className={styles.kind}>{marketplace.kind}</p>
                  </div>
                  <p className={marketing.cardText}>{marketplace.summary}</p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={marketing.section()} aria-labelledby="about-reasons-title">
        <div className={marketing.container}>
          <div className={marketing.sectionHeader}>
            <h2 id="about-reasons-title" className={marketing.sectionTitle}>
              Why sellers choose {productName}
            </h2>
          </div>
          <ul className={marketing.grid({ columns: 'three' })} role="list" aria-label="Reasons to choose us">
            {reasons.map(({ title, description, icon: Icon, tone }) => (
              <li key={title} className={marketing.gridItem}>
                <Card as="article">
                  <div className={styles.cardTop}>
                    <span className={marketing.iconTile({ tone })}>
                      <Icon />
                    </span>
                    <h3 className={styles.cardHeading}>{title}</h3>
                  </div>
                  <p className={marketing.cardText}>{description}</p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={marketing.section({ tone: 'tinted' })} aria-labelledby="about-start-title">
        <div className={styles.closing}>
          <h2 id="about-start-title" className={marketing.sectionTitle}>
            Ready to sell everywhere, in sync?
          </h2>
          <p className={marketing.lead}>{freeTrialNote} Questions about a larger catalogue? Talk to our sales team.</p>
          <div className={marketing.centredActions}>
            <Button size="large" href={publicPaths.auth}>
              Get Started
            </Button>
            <AnchorButton size="large" variant="secondary" href={mailto(salesEmail)}>
              Contact Sales
            </AnchorButton>
          </div>
        </div>
      </section>
    </PublicPage>
  );
}

import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { mailto, salesEmail } from '../../shared/marketing/contact';
import { ArrowRightIcon, CheckIcon, MegaphoneIcon, PlayIcon, TagIcon } from '../../shared/marketing/icons';
import { AnchorButton } from '../../shared/marketing/links';
import { marketplaces } from '../../shared/marketing/marketplaces';
import { PlanCard } from './PlanCard';
import { freeTrialNote, plans } from '../../shared/marketing/plans';
import { PublicPage } from '../../shared/marketing/PublicPage';
import { landingSectionIds, publicPaths } from '../../shared/marketing/routes';
import * as marketing from '../../shared/marketing/marketing.css';
import {
  advertising,
  examplePriceChange,
  features,
  hero,
  heroFigures,
  pricingRules,
  testimonials,
} from './landingContent';
import { LandingNav } from './LandingNav';
import * as styles from './Landing.css';

/** The public landing page (/marketing, and / when signed out). */
export function Landing() {
  return (
    <PublicPage header={<LandingNav />} onLandingPage>
      <Hero />
      <AdvertisingAndPricing />
      <Features />
      <MarketplaceIntegrations />
      <Pricing />
      <Testimonials />
      <CallToAction />
    </PublicPage>
  );
}

function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroGrid}>
        <div className={styles.heroCopy}>
          <p className={marketing.eyebrow}>{hero.eyebrow}</p>
          <h1 id="hero-title" className={styles.headline}>
            <span className={styles.headlineAccent}>{hero.headlineAccent}</span> {hero.headline}
          </h1>
          <p className={marketing.lead}>{hero.lead}</p>
          <div className={marketing.actions}>
            <Button size="large" href={publicPaths.auth} icon={<ArrowRightIcon size={18} />}>
              Start 7-Day Free Trial
            </Button>
            {/* The demo buttons are placeholders: pressing them does nothing (spec section 2). */}
            <Button size="large" variant="secondary" icon={<PlayIcon size={18} />}>
              Watch Demo
            </Button>
            <Button size="large" variant="ghost">
              Schedule a Demo
            </Button>
          </div>
          <dl className={styles.figures}>
            {heroFigures.map((figure) => (
              <div key={figure.label} className={styles.figure}>
                <dt className={styles.figureLabel}>{figure.label}</dt>
                <dd className={styles.figureValue}>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <SyncExample />
      </div>
    </section>
  );
}

/** One sale on the main channel, reaching every target: the product in one picture, in markup. */
function SyncExample() {
  return (
    <figure className={styles.syncCard}>
      <figcaption className={styles.syncCaption}>
        <span>
          <span className={styles.liveDot} aria-hidden="true" />
          Example: live sync
        </span>
        <span>Main channel: Shopify</span>
      </figcaption>
      <div className={styles.syncEvent}>
        <span>Order #1042 · Classic Tee, Black, M × 1</span>
        <span className={styles.change}>
          Stock <span className={styles.before}>12</span>
          <ArrowRightIcon size={14} />
          <span className={styles.after}>11</span>
        </span>
      </div>
      <ul className={styles.syncTargets} role="list" aria-label="Target channels updated">
        {marketplaces
          .filter((marketplace) => marketplace.id !== 'shopify')
          .map((marketplace) => (
            <li key={marketplace.id} className={styles.syncTarget}>
              <span>{marketplace.name}</span>
              <span className={styles.syncStatus}>
                <CheckIcon size={14} />
                Synced in 0.3 s
              </span>
            </li>
          ))}
      </ul>
    </figure>
  );
}

function SectionHeader({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead: string }) {
  return (
    <div className={marketing.sectionHeader}>
      <p className={marketing.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={marketing.sectionTitle}>
        {title}
      </h2>
      <p className={marketing.lead}>{lead}</p>
    </div>
  );
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className={marketing.checkList} role="list">
      {items.map((item) => (
        <li key={item} className={marketing.checkItem}>
          <CheckIcon size={16} className={marketing.checkMark} />
          {item}
        </li>
      ))}
    </ul>
  );
}

function AdvertisingAndPricing() {
  return (
    <section
      id={landingSectionIds.advertisingPricing}
      className={marketing.section({ tone: 'raised' })}
      aria-labelledby="advertising-pricing-title"
    >
      <div className={marketing.container}>
        <SectionHeader
          id="advertising-pricing-title"
          eyebrow="Advertising & pricing"
          title="Advertising and pricing that run themselves"
          lead="Spend where it sells and price to win — with guardrails that protect your margin on every marketplace."
        />
        <ul className={marketing.grid({ columns: 'two' })} role="list">
          <li className={marketing.gridItem}>
            <Card as="article">
              <div className={styles.cardTop}>
                <span className={marketing.iconTile({ tone: 'brand' })}>
                  <MegaphoneIcon />
                </span>
                <h3 className={styles.cardHeading}>{advertising.title}</h3>
              </div>
              <p className={marketing.cardText}>{advertising.description}</p>
              <CheckList items={advertising.points} />
            </Card>
          </li>
          <li className={marketing.gridItem}>
            <Card as="article">
              <div className={styles.cardTop}>
                <span className={marketing.iconTile({ tone: 'positive' })}>
                  <TagIcon />
                </span>
                <h3 className={styles.cardHeading}>{pricingRules.title}</h3>
              </div>
              <p className={marketing.cardText}>{pricingRules.description}</p>
              <CheckList items={pricingRules.points} />
              <div className={styles.priceExample}>
                <span>
                  Price change · SKU <strong>{examplePriceChange.sku}</strong>
                </span>
                <span className={styles.change}>
                  <span className={styles.before}>{examplePriceChange.before}</span>
                  <ArrowRightIcon size={14} />
                  <span className={styles.after}>{examplePriceChange.after}</span>
                </span>
                <span>Rule: {examplePriceChange.rule}</span>
              </div>
            </Card>
          </li>
        </ul>
      </div>
    </section>
  );
}

function Features() {
  return (
    <section id={landingSectionIds.features} className={marketing.section()} aria-labelledby="features-title">
      <div className={marketing.container}>
        <SectionHeader
          id="features-title"
          eyebrow="Features"
          title="Everything you need to sell on every marketplace"
          lead="One main channel is your source of truth. Everything else — stock, prices, listings, ads and compliance — follows it."
        />
        <ul className={marketing.grid({ columns: 'four' })} role="list" aria-label="Features">
          {features.map(({ title, description, icon: Icon, tone }, index) => (
            // The lead feature spans two columns: seven cards then fill two rows of four.
            <li
              key={title}
              className={index === 0 ? `${marketing.gridItem} ${styles.leadFeature}` : marketing.gridItem}
            >
              <Card as="article">
                <span className={marketing.iconTile({ tone })}>
                  <Icon />
                </span>
                <h3 className={styles.cardHeading}>{title}</h3>
                <p className={marketing.cardText}>{description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function MarketplaceIntegrations() {
  return (
    <section
      id={landingSectionIds.marketplaceIntegrations}
      className={marketing.section({ tone: 'raised' })}
      aria-labelledby="integrations-title"
    >
      <div className={marketing.container}>
        <SectionHeader
          id="integrations-title"
          eyebrow="Marketplace integrations"
          title="Four marketplaces, one inventory"
          lead="Connect any of them as your main channel or as a target. Connecting takes minutes, and no spreadsheets are involved."
        />
        <ul className={marketing.grid({ columns: 'four' })} role="list" aria-label="Supported marketplaces">
          {marketplaces.map((marketplace) => (
            <li key={marketplace.id} className={marketing.gridItem}>
              <Card as="article">
                <span className={styles.monogram} aria-hidden="true">
                  {marketplace.name.charAt(0)}
                </span>
                <div>
                  <h3 className={styles.cardHeading}>{marketplace.name}</h3>
                  <p className={styles.marketplaceKind}>{marketplace.kind}</p>
                </div>
                <p className={marketing.cardText}>{marketplace.summary}</p>
                <p className={marketing.cardText}>{marketplace.connection}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section id={landingSectionIds.pricing} className={marketing.section()} aria-labelledby="pricing-title">
      <div className={marketing.container}>
        <SectionHeader
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing that grows with you"
          lead="Pick a plan by the number of SKUs and marketplaces you sell on. Change or cancel at any time."
        />
        <ul className={marketing.grid({ columns: 'four' })} role="list" aria-label="Plans">
          {plans.map((plan) => (
            <li key={plan.id} className={marketing.gridItem}>
              <PlanCard
                plan={plan}
                action={
                  <Button href={publicPaths.auth} variant={plan.popular ? 'primary' : 'secondary'} fullWidth>
                    Start Free Trial
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
        <p className={styles.trialNote}>Every plan starts with a {freeTrialNote}</p>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className={marketing.section({ tone: 'raised' })} aria-labelledby="testimonials-title">
      <div className={marketing.container}>
        <SectionHeader
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Sellers who stopped overselling"
          lead="Brands of every size run their marketplaces from one place."
        />
        <ul className={marketing.grid({ columns: 'three' })} role="list">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} className={marketing.gridItem}>
              <Card as="div">
                <figure className={styles.testimonial}>
                  <blockquote className={styles.quote}>
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <span className={styles.authorName}>{testimonial.name}</span>
                    <span className={styles.authorRole}>{testimonial.role}</span>
                  </figcaption>
                </figure>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section className={marketing.section({ tone: 'tinted' })} aria-labelledby="call-to-action-title">
      <div className={styles.callToAction}>
        <h2 id="call-to-action-title" className={marketing.sectionTitle}>
          Stop overselling. Start syncing in seconds.
        </h2>
        <p className={marketing.lead}>
          Connect your first marketplace in minutes and watch every change arrive with its before and after.{' '}
          {freeTrialNote}
        </p>
        <div className={marketing.centredActions}>
          <Button size="large" href={publicPaths.auth}>
            Start 7-Day Free Trial
          </Button>
          <AnchorButton size="large" variant="secondary" href={mailto(salesEmail)}>
            Contact Sales
          </AnchorButton>
        </div>
      </div>
    </section>
  );
}

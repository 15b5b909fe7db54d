import type { ReactNode } from 'react';
import { mailto, supportEmail, supportHours, supportResponseTime } from '../../shared/marketing/contact';
import { productName } from '../../shared/marketing/ProductLogo';
import { PublicPage, SignedOutHeader } from '../../shared/marketing/PublicPage';
import * as marketing from '../../shared/marketing/marketing.css';
import * as styles from './PrivacyPolicy.css';

export const privacyPolicyLastUpdated = 'November 2026';

interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

const policySections: PolicySection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run the service for you:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your first and last name, email address, company name (if you give
            one) and password. If you sign in with Google, we receive your name, email address and profile picture.
          </li>
          <li>
            <strong>Marketplace connection details:</strong> the API credentials and access tokens that let us act on
            your Amazon, Walmart Marketplace, eBay and Shopify accounts.
          </li>
          <li>
            <strong>Business data from your channels:</strong> products, SKUs, inventory quantities, prices, listings,
            orders and advertising figures that we read from, or send to, the marketplaces you connect.
          </li>
          <li>
            <strong>Usage and technical data:</strong> sign-in times, IP address, browser type, pages visited, and an
            audit log of actions taken in your account.
          </li>
          <li>
            <strong>Billing information:</strong> your plan and payment history. Card details are handled by our payment
            provider; we never see or store full card numbers.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use-of-information',
    title: 'How We Use Your Information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>sync inventory, prices and listings between your main channel and your target channels;</li>
          <li>run the pricing rules, analytics, advertising and compliance checks you set up;</li>
          <li>sign you in, verify your email address and reset your password;</li>
          <li>send service messages, such as verification emails, sync alerts and billing notices;</li>
          <li>answer your support requests;</li>
          <li>keep the service secure, detect abuse and fix problems;</li>
          <li>meet our legal and accounting obligations.</li>
        </ul>
        <p>
          We do not sell your personal information or your business data, and we do not use your sales data to compete
          with you.
        </p>
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    body: (
      <>
        <ul>
          <li>
            Marketplace credentials and access tokens are <strong>encrypted at rest with AES-256-GCM</strong>. They are
            decrypted only when a sync needs them.
          </li>
          <li>
            Passwords are <strong>hashed with Argon2id</strong>; we never store them in plain text and cannot read them.
          </li>
          <li>All traffic between your browser, our servers and the marketplaces is encrypted in transit with TLS.</li>
          <li>
            Role-based access limits what each team member can see and do, and every change is recorded in the audit
            log.
          </li>
          <li>Only staff who need access to operate or support the service can reach production data.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'third-party-integrations',
    title: 'Third-Party Integrations',
    body: (
      <>
        <p>
          {productName} connects to third-party services only when you ask it to, and only for the access you approve:
        </p>
        <ul>
          <li>
            <strong>Amazon</strong> (Selling Partner API), <strong>Walmart Marketplace</strong> (Marketplace API),{' '}
            <strong>eBay</strong> (Sell APIs) and <strong>Shopify</strong> (Admin API), to read and update your
            products, inventory, prices, listings and orders.
          </li>
          <li>
            <strong>Google sign-in</strong>, to sign you in. We receive your name, email address and profile picture; we
            never receive your Google password.
          </li>
        </ul>
        <p>
          Each of these services handles your data under its own privacy policy. You can disconnect any marketplace at
          any time.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>You stay in control of your information. You can:</p>
        <ul>
          <li>
            <strong>access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong>modify</strong> your profile and company details at any time;
          </li>
          <li>
            <strong>delete</strong> products, listings and other data you no longer want us to keep;
          </li>
          <li>
            <strong>disconnect integrations</strong> — when you disconnect a marketplace, we stop syncing with it and
            remove its stored credentials and tokens;
          </li>
          <li>
            <strong>request deletion</strong> of your account and all its data: from Profile Settings, or by emailing
            us.
          </li>
        </ul>
        <p>
          The audit log is a security record and is not deleted with an account: its entries of what was done in the
          account (when, from which IP address, and what changed) are kept to detect abuse and meet our legal
          obligations. Nobody can edit or remove an entry, and only our staff can read the entries of a deleted account.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <>
        <p>
          For any question about this policy or to exercise your rights, email{' '}
          <a className={marketing.textLink} href={mailto(supportEmail)}>
            {supportEmail}
          </a>
          . We respond {supportResponseTime}, {supportHours}.
        </p>
      </>
    ),
  },
];

/** The public privacy policy (/privacy-policy). */
export function PrivacyPolicy() {
  return (
    <PublicPage header={<SignedOutHeader />}>
      <article className={styles.document} aria-labelledby="privacy-title">
        <header className={styles.intro}>
          <h1 id="privacy-title" className={marketing.pageTitle}>
            Privacy Policy
          </h1>
          <p className={styles.updated}>Last updated: {privacyPolicyLastUpdated}</p>
          <p className={marketing.lead}>
            This policy explains what information {productName} collects, how we use and protect it, and the choices you
            have.
          </p>
        </header>

        <nav className={styles.contents} aria-labelledby="privacy-contents-title">
          <h2 id="privacy-contents-title" className={styles.contentsTitle}>
            On this page
          </h2>
          <ol className={styles.contentsList}>
            {policySections.map((section) => (
              <li key={section.id}>
                <a className={styles.contentsLink} href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {policySections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className={styles.policySection}
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
              {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </PublicPage>
  );
}

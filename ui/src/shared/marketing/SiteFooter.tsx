import { mailto, supportEmail } from './contact';
import { ProductLogo, productName, productTagline } from './ProductLogo';
import { landingSectionIds, publicPaths } from './routes';
import { SiteLink } from './links';
import * as styles from './marketing.css';

interface FooterLink {
  label: string;
  href: string;
}

interface FooterColumn {
  title: string;
  links: FooterLink[];
}

/**
 * The footer columns. On the landing page the section links are in-page anchors
 * ("#pricing"); elsewhere they lead back to the landing page first ("/marketing#pricing").
 */
export function footerColumns(onLandingPage: boolean): FooterColumn[] {
  const section = (id: string) => `${onLandingPage ? '' : publicPaths.marketing}#${id}`;
  return [
    {
      title: 'Product',
      links: [
        { label: 'Features', href: section(landingSectionIds.features) },
        { label: 'Advertising & Pricing', href: section(landingSectionIds.advertisingPricing) },
        { label: 'Pricing', href: section(landingSectionIds.pricing) },
        { label: 'Marketplace Integrations', href: section(landingSectionIds.marketplaceIntegrations) },
      ],
    },
    {
      title: 'Account',
      links: [
        { label: 'Dashboard', href: publicPaths.dashboard },
        { label: 'Sign In', href: publicPaths.auth },
        { label: 'Create Account', href: publicPaths.auth },
      ],
    },
    {
      title: 'Company',
      links: [
        { label: 'Overview', href: publicPaths.marketing },
        { label: 'About Us', href: publicPaths.about },
        { label: 'Support Centre', href: publicPaths.support },
        { label: 'Privacy Policy', href: publicPaths.privacyPolicy },
      ],
    },
  ];
}

interface SiteFooterProps {
  /** True on the landing page, where the section links are in-page anchors. */
  onLandingPage?: boolean;
}

export function SiteFooter({ onLandingPage = false }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerGrid}>
        <div>
          <ProductLogo tone="inverse" />
          <p className={styles.footerText}>
            {productTagline}. One main channel, every marketplace in sync, every change on record.
          </p>
          <p className={styles.footerText}>
            Contact:{' '}
            <a className={styles.footerLink} href={mailto(supportEmail)}>
              {supportEmail}
            </a>
          </p>
        </div>
        {footerColumns(onLandingPage).map((column) => (
          <nav key={column.title} aria-label={`Footer: ${column.title}`}>
            <h2 className={styles.footerHeading}>{column.title}</h2>
            <ul className={styles.footerList} role="list">
              {column.links.map((link) => (
                <li key={link.label}>
                  <SiteLink className={styles.footerLink} href={link.href}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.footerBottom}>
        <p>© 2026 {productName}. All rights reserved.</p>
        <p>Amazon, Walmart, eBay and Shopify are trademarks of their respective owners.</p>
      </div>
    </footer>
  );
}

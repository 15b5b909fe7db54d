import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button } from '../../components/Button/Button';
import { CloseLinesIcon, MenuLinesIcon } from '../../shared/marketing/icons';
import { SiteLink } from '../../shared/marketing/links';
import { ProductLogo } from '../../shared/marketing/ProductLogo';
import { landingSectionIds, publicPaths } from '../../shared/marketing/routes';
import * as marketing from '../../shared/marketing/marketing.css';
import * as styles from './Landing.css';

export const landingNavLinks = [
  { label: 'Features', href: `#${landingSectionIds.features}` },
  { label: 'Advertising & Pricing', href: `#${landingSectionIds.advertisingPricing}` },
  { label: 'Integrations', href: `#${landingSectionIds.marketplaceIntegrations}` },
  { label: 'Pricing', href: `#${landingSectionIds.pricing}` },
] as const;

/**
 * The landing page's sticky navigation. On desktop everything sits in one bar; on smaller
 * screens the links and account buttons fold behind a "Menu" button.
 */
export function LandingNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Following any link in the open menu closes it, so the page is not left covered.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };

  // Escape closes the open menu and puts focus back on its button.
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header className={marketing.siteHeader} onKeyDown={closeOnEscape}>
      <div className={styles.navBar}>
        <ProductLogo />
        <button
          ref={toggleRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseLinesIcon size={18} /> : <MenuLinesIcon size={18} />}
          Menu
        </button>
        <nav id={panelId} aria-label="Main" className={styles.navPanel} data-open={menuOpen} onClick={closeOnLink}>
          <ul className={styles.navLinks} role="list">
            {landingNavLinks.map((link) => (
              <li key={link.href}>
                <SiteLink className={marketing.quietLink} href={link.href}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
          <div className={styles.navActions}>
            <Button variant="ghost" href={publicPaths.auth}>
              Sign In
            </Button>
            <Button href={publicPaths.auth}>Get Started</Button>
          </div>
        </nav>
      </div>
    </header>
  );
}

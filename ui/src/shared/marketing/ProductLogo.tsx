import { publicPaths } from './routes';
import { LogoMark } from './icons';
import { SiteLink } from './links';
import * as styles from './marketing.css';
import type { LogoTone } from './ProductLogo.variants';

export const productName = 'Marketplace Hub';
export const productTagline = 'Multi-marketplace operations hub';

export { logoTones, type LogoTone } from './ProductLogo.variants';

interface ProductLogoProps {
  /** Where the logo leads; the home page unless told otherwise. */
  href?: string;
  /** `inverse` sits on the dark footer. */
  tone?: LogoTone;
  /** Shows only the mark on phones (the name stays for screen readers), to leave room for actions. */
  compactOnPhones?: boolean;
}

/** The product mark and name, as a link home. */
export function ProductLogo({ href = publicPaths.home, tone = 'standard', compactOnPhones = false }: ProductLogoProps) {
  return (
    <SiteLink href={href} className={tone === 'inverse' ? styles.footerBrand : styles.brand}>
      <span className={styles.brandMark}>
        <LogoMark />
      </span>
      <span className={compactOnPhones ? styles.brandNameCompact : undefined}>{productName}</span>
    </SiteLink>
  );
}

import { useId, type ReactNode } from 'react';
import * as styles from './Card.css';
import type { CardPadding, CardTone } from './Card.variants';

export { cardPaddings, cardTones, type CardPadding, type CardTone } from './Card.variants';

export interface CardProps {
  title?: ReactNode;
  /** The heading level of the title in the page outline. */
  titleLevel?: 1 | 2 | 3 | 4;
  description?: ReactNode;
  /** Controls at the right of the header, e.g. a menu. */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: CardPadding;
  /** `brand` highlights one card among siblings (e.g. the "Most Popular" plan). */
  tone?: CardTone;
  as?: 'div' | 'section' | 'article';
  children?: ReactNode;
}

/** A raised surface grouping related content; titled cards are labelled by their title. */
export function Card({
  title,
  titleLevel = 2,
  description,
  actions,
  footer,
  padding,
  tone,
  as: Element = 'section',
  children,
}: CardProps) {
  const titleId = useId();
  const TitleElement = `h${titleLevel}` as const;
  return (
    <Element className={styles.card({ padding, tone })} aria-labelledby={title ? titleId : undefined}>
      {title || actions ? (
        <div className={styles.header}>
          <div className={styles.titles}>
            {title ? (
              <TitleElement id={titleId} className={styles.title}>
                {title}
              </TitleElement>
            ) : null}
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </Element>
  );
}

import { style } from '@vanilla-extract/css';
import { mediaQuery } from '../../theme/tokens';
import { vars } from '../../theme/vars.css';
import { container } from '../../shared/marketing/marketing.css';

export const hero = style({
  paddingBlock: vars.space.xxxlarge,
  background: `linear-gradient(180deg, ${vars.color.brand.soft} 0%, ${vars.color.surface.canvas} 100%)`,
});

export const heroInner = style([
  container,
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: vars.space.large,
  },
]);

export const heroLead = style({ maxWidth: '760px' });

/** Mission beside "what we do" on wide screens, one under the other on phones. */
export const split = style([
  container,
  {
    display: 'grid',
    gap: vars.space.xxlarge,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)' } },
  },
]);

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });

export const blockTitle = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '-0.01em',
});

export const cardHeading = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
});

export const cardTop = style({ display: 'flex', alignItems: 'center', gap: vars.space.medium });

export const kind = style({
  margin: 0,
  color: vars.color.brand.text,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const closing = style([
  container,
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: vars.space.xlarge,
    maxWidth: '760px',
    textAlign: 'center',
  },
]);

import { globalStyle, style, type ComplexStyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { mediaQuery } from '../../theme/tokens';
import { vars } from '../../theme/vars.css';
import { container, headerHeight } from '../../shared/marketing/marketing.css';
import type { ContentFrame } from './SupportCentre.variants';

/**
 * Signed out, the page stands alone and sets its own width. Signed in, the app's shell
 * already frames and pads the content, so the page only stacks its parts.
 */
export const content = recipe({
  base: { display: 'flex', flexDirection: 'column', gap: vars.space.xxxlarge },
  variants: {
    frame: {
      page: [container, { paddingBlock: vars.space.xxxlarge }],
      shell: {},
    } satisfies Record<ContentFrame, ComplexStyleRule>,
  },
  defaultVariants: { frame: 'page' },
});

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.large,
  padding: vars.space.xlarge,
  borderRadius: vars.radius.xlarge,
  background: `linear-gradient(135deg, ${vars.color.brand.soft} 0%, ${vars.color.surface.raised} 100%)`,
  border: `1px solid ${vars.color.border.subtle}`,
  '@media': { [mediaQuery.tablet]: { padding: vars.space.xxlarge } },
});

export const block = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xlarge,
  scrollMarginTop: `calc(${headerHeight} + ${vars.space.large})`,
});

export const blockHeader = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });

export const blockTitle = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '-0.01em',
});

export const optionTop = style({ display: 'flex', alignItems: 'center', gap: vars.space.medium });

export const optionTitle = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
});

export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  paddingLeft: vars.space.xlarge,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.relaxed,
});
globalStyle(`${steps} > li::marker`, { color: vars.color.brand.text, fontWeight: vars.font.weight.semibold });

/** FAQ beside the status and contact panels on wide screens. */
export const helpGrid = style({
  display: 'grid',
  gap: vars.space.xxlarge,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

export const sidePanels = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xlarge });

export const statusList = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const statusRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  paddingBlock: vars.space.medium,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  fontSize: vars.font.size.small,
  selectors: { '&:last-child': { borderBottom: 0, paddingBottom: 0 }, '&:first-child': { paddingTop: 0 } },
});

export const statusDot = style({
  display: 'inline-block',
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.full,
  backgroundColor: 'currentColor',
});

export const contactList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  fontSize: vars.font.size.small,
});

export const contactTerm = style({ color: vars.color.text.muted, fontWeight: vars.font.weight.medium });
export const contactValue = style({ margin: 0, color: vars.color.text.primary });

import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/utils.css';
import { mediaQuery } from '../../theme/tokens';
import { vars } from '../../theme/vars.css';
import { container, headerHeight } from '../../shared/marketing/marketing.css';

// --- Navigation: a bar on desktop; below it, the links fold into a menu. ---------------

export const navBar = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.medium,
    minHeight: headerHeight,
    '@media': { [mediaQuery.desktop]: { flexWrap: 'nowrap', gap: vars.space.xlarge } },
  },
]);

export const menuToggle = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    marginLeft: 'auto',
    minHeight: '40px',
    paddingInline: vars.space.medium,
    border: `1px solid ${vars.color.border.standard}`,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    '@media': { [mediaQuery.desktop]: { display: 'none' } },
  },
]);

export const navPanel = style({
  display: 'none',
  flexBasis: '100%',
  flexDirection: 'column',
  gap: vars.space.large,
  paddingBottom: vars.space.large,
  selectors: { '&[data-open="true"]': { display: 'flex' } },
  '@media': {
    [mediaQuery.desktop]: {
      display: 'flex',
      flexBasis: 'auto',
      flex: 1,
      flexDirection: 'row',
      alignItems: 'center',
      justifyContent: 'space-between',
      paddingBottom: 0,
    },
  },
});

export const navLinks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [mediaQuery.desktop]: { flexDirection: 'row', gap: vars.space.xlarge } },
});

export const navActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

// --- Hero ------------------------------------------------------------------------------

export const hero = style({
  paddingBlock: vars.space.xxxlarge,
  background: `linear-gradient(180deg, ${vars.color.brand.soft} 0%, ${vars.color.surface.canvas} 100%)`,
  '@media': { [mediaQuery.desktop]: { paddingBlock: '88px' } },
});

export const heroGrid = style([
  container,
  {
    display: 'grid',
    gap: vars.space.xxxlarge,
    alignItems: 'center',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)' } },
  },
]);

export const heroCopy = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xlarge,
});

export const headline = style({
  margin: 0,
  fontSize: vars.font.size.xxxlarge,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  letterSpacing: '-0.03em',
  '@media': {
    [mediaQuery.tablet]: { fontSize: '2.75rem' },
    [mediaQuery.desktop]: { fontSize: '3rem' },
  },
});

export const headlineAccent = style({ display: 'block', color: vars.color.brand.text });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, auto))',
  gap: vars.space.xlarge,
  margin: 0,
  paddingTop: vars.space.large,
  borderTop: `1px solid ${vars.color.border.subtle}`,
});

/** Value above label, while the markup keeps <dt> before <dd>. */
export const figure = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xxsmall });

export const figureValue = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
  letterSpacing: '-0.02em',
});

export const figureLabel = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

// The example sync shown beside the hero copy: plain markup, no image.
export const syncCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  margin: 0,
  padding: vars.space.xlarge,
  borderRadius: vars.radius.xlarge,
  border: `1px solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
  boxShadow: vars.shadow.large,
});

export const syncCaption = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});

export const liveDot = style({
  display: 'inline-block',
  width: '8px',
  height: '8px',
  marginRight: vars.space.small,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.positive.solid,
});

export const syncEvent = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.large,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.sunken,
  fontSize: vars.font.size.small,
});

export const change = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
});

export const before = style({ color: vars.color.critical.text, textDecoration: 'line-through' });
export const after = style({ color: vars.color.positive.text, fontWeight: vars.font.weight.semibold });

export const syncTargets = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const syncTarget = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  fontSize: vars.font.size.small,
  selectors: { '&:last-child': { borderBottom: 0 } },
});

export const syncStatus = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  color: vars.color.positive.text,
  fontWeight: vars.font.weight.medium,
});

// --- Cards ---

export const leadFeature = style({
  '@media': { [mediaQuery.tablet]: { gridColumn: 'span 2' } },
});

// -----------------------------------------------------------------------------

export const cardHeading = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
});

export const cardTop = style({ display: 'flex', alignItems: 'center', gap: vars.space.medium });

export const priceExample = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.large,
  borderRadius: vars.radius.large,
  border: `1px dashed ${vars.color.border.standard}`,
  backgroundColor: vars.color.surface.sunken,
  fontSize: vars.font.size.small,
});

/** A marketplace's initial in a tile: no brand logos, so no images to load. */
export const monogram = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.neutral.solid,
  color: vars.color.neutral.onSolid,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.large,
});

export const marketplaceKind = style({
  margin: 0,
  color: vars.color.brand.text,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const trialNote = style({
  marginTop: vars.space.xlarge,
  textAlign: 'center',
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});

// --- Testimonials and call to action ---------------------------------------------------

export const testimonial = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  gap: vars.space.large,
  height: '100%',
  margin: 0,
});

export const quote = style({
  margin: 0,
  color: vars.color.text.primary,
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.relaxed,
});
globalStyle(`${quote} p`, { margin: 0 });

export const author = style({ display: 'flex', flexDirection: 'column', fontSize: vars.font.size.small });
export const authorName = style({ fontWeight: vars.font.weight.semibold, color: vars.color.text.primary });
export const authorRole = style({ color: vars.color.text.secondary });

export const callToAction = style([
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

import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { mediaQuery, vars } from '../../../theme';

export const tab = style({ display: 'grid', gap: vars.space.large });

// Toolbar: actions on the selection, then the search and filters.
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });
export const filters = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': {
    [mediaQuery.tablet]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto',
    },
  },
});
export const checks = style({
  display: 'flex',
  gap: vars.space.medium,
  flexWrap: 'wrap',
  paddingBottom: vars.space.small,
});
export const checkLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
  whiteSpace: 'nowrap',
});
export const selectionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.brand.soft,
  color: vars.color.brand.text,
  fontSize: vars.font.size.small,
});

// The grid: a fixed-height scroller; only the rows in view are in the document, spacers stand for the rest.
export const scroller = style({
  position: 'relative',
  height: `calc(${vars.layout.gridRowHeight} * 9 + 40px)`,
  overflow: 'auto',
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});
export const head = style({ position: 'sticky', top: 0, zIndex: 1, backgroundColor: vars.color.surface.sunken });
export const headCell = style({
  height: '40px',
  padding: `0 ${vars.space.medium}`,
  textAlign: 'left',
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.text.secondary,
  whiteSpace: 'nowrap',
});
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});
export const row = style({
  height: vars.layout.gridRowHeight,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surface.canvas },
    '&[data-selected]': { backgroundColor: vars.color.brand.soft },
  },
});
export const spacer = style({ padding: 0, border: 0 });
export const cell = style({
  height: vars.layout.gridRowHeight,
  padding: `0 ${vars.space.medium}`,
  verticalAlign: 'middle',
  overflow: 'hidden',
});
export const checkCol = style({ width: '44px' });
export const imageCol = style({ width: '64px' });
export const skuCol = style({ width: '160px' });
export const titleCol = style({ width: '26%' });
export const availableCol = style({ width: '96px', textAlign: 'right' });
export const thumb = style({
  display: 'block',
  width: '44px',
  height: '44px',
  objectFit: 'cover',
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.surface.sunken,
});
export const skuButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontFamily: vars.font.family.mono,
  color: vars.color.text.link,
  textAlign: 'left',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { color: vars.color.text.linkHover, textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const title = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const muted = style({ color: vars.color.text.muted });
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  maxHeight: vars.layout.gridRowHeight,
  overflow: 'hidden',
  padding: `${vars.space.xxsmall} 0`,
});

// One listing of a SKU on one channel: marketplace, status, price and quantity.
export const chipWrap = style({ position: 'relative', display: 'inline-flex' });
export const chip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    padding: `${vars.space.xxsmall} ${vars.space.small}`,
    borderRadius: vars.radius.full,
    border: '1px solid',
    font: 'inherit',
    fontSize: vars.font.size.xsmall,
    lineHeight: vars.font.lineHeight.snug,
    whiteSpace: 'nowrap',
    selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
  },
  variants: {
    tone: {
      positive: {
        backgroundColor: vars.color.positive.soft,
        borderColor: vars.color.positive.border,
        color: vars.color.positive.text,
      },
      info: { backgroundColor: vars.color.info.soft, borderColor: vars.color.info.border, color: vars.color.info.text },
      caution: {
        backgroundColor: vars.color.caution.soft,
        borderColor: vars.color.caution.border,
        color: vars.color.caution.text,
      },
      critical: {
        backgroundColor: vars.color.critical.soft,
        borderColor: vars.color.critical.border,
        color: vars.color.critical.text,
        cursor: 'help',
      },
      neutral: {
        backgroundColor: vars.color.neutral.soft,
        borderColor: vars.color.neutral.border,
        color: vars.color.neutral.text,
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
export const chipName = style({ fontWeight: vars.font.weight.semibold });
export const sending = style({ fontStyle: 'italic' });
/** "FBA" / "WFS" on a chip whose quantity is the marketplace's own stock. */
export const fulfilment = style({ fontWeight: vars.font.weight.semibold, letterSpacing: '0.02em' });
// The marketplace's message of a chip in error: shown while the chip is hovered or focused.
export const tooltip = style({
  display: 'none',
  position: 'absolute',
  bottom: 'calc(100% + 4px)',
  left: 0,
  zIndex: 2,
  width: 'max-content',
  maxWidth: '320px',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.neutral.solid,
  color: vars.color.neutral.onSolid,
  fontSize: vars.font.size.xsmall,
  whiteSpace: 'normal',
  boxShadow: vars.shadow.medium,
  selectors: { [`${chipWrap}:hover &, ${chipWrap}:focus-within &`]: { display: 'block' } },
});

// On a phone: a card per SKU, its channels' chips wrapping under its facts.
export const cards = style({ display: 'grid', gap: vars.space.small, margin: 0, padding: 0, listStyle: 'none' });
export const card = style({
  display: 'grid',
  gap: vars.space.xsmall,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
  minWidth: 0,
  selectors: { '&[data-selected]': { backgroundColor: vars.color.brand.soft } },
});
export const cardHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.small });
export const cardTitle = style({ overflowWrap: 'anywhere' });
export const cardFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxsmall} ${vars.space.large}`,
  margin: 0,
});
globalStyle(`${cardFacts} dt`, { color: vars.color.text.secondary, fontSize: vars.font.size.xsmall });
globalStyle(`${cardFacts} dd`, { margin: 0 });
export const cardChips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall, minWidth: 0 });
// A chip wraps within the card rather than push the page wider than the phone.
globalStyle(`${cardChips} > *`, { maxWidth: '100%', whiteSpace: 'normal', flexWrap: 'wrap' });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
export const pagerButtons = style({ display: 'flex', gap: vars.space.small });

// The drawer of one SKU.
export const section = style({ display: 'grid', gap: vars.space.small, marginBottom: vars.space.xlarge });
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  margin: 0,
  fontSize: vars.font.size.small,
});
export const factName = style({ color: vars.color.text.secondary });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const images = style({
  display: 'flex',
  gap: vars.space.small,
  flexWrap: 'wrap',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const image = style({
  width: '72px',
  height: '72px',
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.sunken,
});
export const listingCard = style({
  display: 'grid',
  gap: vars.space.xsmall,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.subtle}`,
});
export const listingHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  margin: 0,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});
export const errorText = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.critical.text });
export const history = style({ display: 'grid', gap: vars.space.small, margin: 0, padding: 0, listStyle: 'none' });
export const change = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  padding: vars.space.small,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  fontSize: vars.font.size.small,
});
export const changeHead = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small, alignItems: 'baseline' });
export const results = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

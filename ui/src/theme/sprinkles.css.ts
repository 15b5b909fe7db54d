import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { mediaQuery } from './tokens';
import { vars } from './vars.css';

const space = vars.space;

// Layout properties that may change per breakpoint (mobile first).
const responsiveLayout = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': mediaQuery.tablet },
    desktop: { '@media': mediaQuery.desktop },
  },
  defaultCondition: 'mobile',
  responsiveArray: ['mobile', 'tablet', 'desktop'],
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['nowrap', 'wrap'],
    flexGrow: [0, 1],
    flexShrink: [0, 1],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between', 'space-around'],
    gap: space,
    paddingTop: space,
    paddingBottom: space,
    paddingLeft: space,
    paddingRight: space,
    marginTop: space,
    marginBottom: space,
    marginLeft: { ...space, auto: 'auto' },
    marginRight: { ...space, auto: 'auto' },
    width: { auto: 'auto', full: '100%', half: '50%', fitContent: 'fit-content' },
    maxWidth: { content: vars.layout.contentMaxWidth, dialog: vars.layout.dialogWidth, full: '100%' },
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

// Colour and shape: themed, never responsive.
const appearance = defineProperties({
  properties: {
    background: {
      canvas: vars.color.surface.canvas,
      raised: vars.color.surface.raised,
      sunken: vars.color.surface.sunken,
      brandSoft: vars.color.brand.soft,
      transparent: 'transparent',
    },
    color: {
      primary: vars.color.text.primary,
      secondary: vars.color.text.secondary,
      muted: vars.color.text.muted,
      brand: vars.color.brand.text,
      positive: vars.color.positive.text,
      caution: vars.color.caution.text,
      critical: vars.color.critical.text,
      inherit: 'inherit',
    },
    borderRadius: vars.radius,
    boxShadow: vars.shadow,
  },
});

export const sprinkles = createSprinkles(responsiveLayout, appearance);
export type Sprinkles = Parameters<typeof sprinkles>[0];

import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const stack = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.large });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});

export const planLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.small, flexWrap: 'wrap' });

export const planName = style({
  margin: 0,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
});

export const muted = style({ margin: 0, color: vars.color.text.secondary });

export const usage = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

/** The four plans side by side on a wide screen, two by two on a tablet, one under another on a phone. */
export const plans = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const planCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium, height: '100%' });

export const planHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  flexWrap: 'wrap',
});

export const price = style({ margin: 0, fontSize: vars.font.size.xlarge, fontWeight: vars.font.weight.bold });

export const features = style({
  display: 'grid',
  gap: vars.space.xsmall,
  margin: 0,
  paddingLeft: vars.space.large,
  color: vars.color.text.secondary,
});

/** Pushes the plan's button to the bottom, so buttons line up across cards. */
export const planAction = style({ marginTop: 'auto' });

export const numeric = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const meter = style({ display: 'grid', gap: vars.space.xsmall });

export const meterLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
  flexWrap: 'wrap',
  margin: 0,
  fontWeight: vars.font.weight.semibold,
});

export const planItem = style({ listStyle: 'none', minWidth: 0, display: 'grid' });

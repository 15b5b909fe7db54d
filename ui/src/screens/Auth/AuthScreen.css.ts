import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const layout = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: '1fr',
  background: vars.color.surface.canvas,
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: '1fr 1fr' } },
});

export const formColumn = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.large,
});

export const formCard = style({ width: '100%', maxWidth: 440 });

/** The marketing side panel is shown on large screens only (spec section 2). */
export const sidePanel = style({
  display: 'none',
  background: vars.color.brand.solid,
  color: vars.color.brand.onSolid,
  padding: vars.space.xxxlarge,
  flexDirection: 'column',
  justifyContent: 'center',
  gap: vars.space.xlarge,
  '@media': { [mediaQuery.desktop]: { display: 'flex' } },
});

export const sidePanelTitle = style({
  fontSize: vars.font.size.xxxlarge,
  lineHeight: vars.font.lineHeight.tight,
  margin: 0,
});

export const sidePanelList = style({
  margin: 0,
  paddingLeft: vars.space.xlarge,
  display: 'grid',
  gap: vars.space.medium,
  lineHeight: vars.font.lineHeight.relaxed,
});

export const brandRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.large,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.text.muted,
  fontSize: vars.font.size.small,
  selectors: { '&::before, &::after': { content: '""', flex: 1, height: 1, background: vars.color.border.subtle } },
});

export const endAligned = style({ display: 'flex', justifyContent: 'flex-end' });

export const nameRow = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: '1fr',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

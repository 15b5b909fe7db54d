import { style } from '@vanilla-extract/css';
import { mediaQuery } from '../../theme/tokens';
import { focusRing } from '../../theme/utils.css';
import { vars } from '../../theme/vars.css';

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  // Small screens: a full-width bar above the page; wider: a column beside it.
  width: '100%',
  backgroundColor: vars.color.surface.navigation,
  color: vars.color.text.navigation,
  // The default focus ring is indigo, too dark on this surface: use white here.
  vars: { [vars.color.focusRing]: vars.color.text.navigationActive },
  '@media': {
    [mediaQuery.tablet]: {
      width: vars.layout.sidebarWidth,
      minHeight: '100vh',
      flexShrink: 0,
      position: 'sticky',
      top: 0,
      alignSelf: 'flex-start',
    },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minHeight: '56px',
  paddingInline: vars.space.large,
  paddingBlock: vars.space.small,
  color: vars.color.text.navigationActive,
  fontWeight: vars.font.weight.semibold,
});

export const menuButton = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: '40px',
    paddingInline: vars.space.medium,
    border: `1px solid ${vars.color.text.navigation}`,
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: vars.color.text.navigationActive,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    '@media': { [mediaQuery.tablet]: { display: 'none' } },
  },
]);

// Below the tablet breakpoint the navigation collapses behind the menu button.
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  flexGrow: 1,
  gap: vars.space.large,
  paddingInline: vars.space.medium,
  paddingBottom: vars.space.large,
  '@media': {
    [mediaQuery.belowTablet]: {
      selectors: { [`${sidebar}:not([data-open="true"]) &`]: { display: 'none' } },
    },
  },
});

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const groupLabel = style({
  margin: 0,
  paddingInline: vars.space.medium,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.text.navigation,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.medium,
    minHeight: '40px',
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.medium,
    color: vars.color.text.navigation,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    textDecoration: 'none',
    transition: `background-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`,
    selectors: {
      '&:hover': { backgroundColor: vars.color.surface.navigationHover, color: vars.color.text.navigationActive },
      '&[aria-current="page"]': {
        backgroundColor: vars.color.surface.navigationActive,
        color: vars.color.text.navigationActive,
        boxShadow: `inset 3px 0 0 ${vars.color.brand.border}`,
      },
    },
  },
]);

export const itemIcon = style({ display: 'inline-flex', flexShrink: 0 });

export const footer = style({
  marginTop: 'auto',
  paddingTop: vars.space.large,
  paddingInline: vars.space.medium,
  borderTop: `1px solid ${vars.color.surface.navigationHover}`,
  fontSize: vars.font.size.xsmall,
  color: vars.color.text.navigation,
});

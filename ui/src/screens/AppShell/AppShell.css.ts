import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const shell = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: '1fr',
  background: vars.color.surface.canvas,
  '@media': {
    [mediaQuery.tablet]: {
      gridTemplateColumns: `${vars.layout.sidebarWidth} 1fr`,
      // The sidebar is sticky and a viewport tall; its column stays its colour below it on a long page.
      background: `linear-gradient(to right, ${vars.color.surface.navigation} ${vars.layout.sidebarWidth}, ${vars.color.surface.canvas} ${vars.layout.sidebarWidth})`,
    },
  },
});

export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.medium,
  padding: `${vars.space.small} ${vars.space.xlarge}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  background: vars.color.surface.raised,
});

export const content = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: vars.space.xlarge,
});

export const brand = style({
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.large,
  color: vars.color.text.navigationActive,
});

export const adminPanel = style({
  margin: vars.space.medium,
  padding: vars.space.medium,
  borderRadius: vars.radius.large,
  background: vars.color.surface.navigationHover,
  color: vars.color.text.navigation,
  fontSize: vars.font.size.small,
});

export const adminPanelTitle = style({
  margin: 0,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.navigationActive,
});
export const adminPanelText = style({ margin: 0 });

export const menuTrigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: vars.space.xsmall,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.text.primary,
  cursor: 'pointer',
  font: 'inherit',
  ':hover': { background: vars.color.neutral.soft },
});

export const menuIdentity = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  padding: `${vars.space.small} ${vars.space.medium}`,
  maxWidth: 280,
});
export const menuName = style({ fontWeight: vars.font.weight.semibold, color: vars.color.text.primary });
export const menuEmail = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
});
export const badges = style({ display: 'flex', gap: vars.space.xsmall, flexWrap: 'wrap' });
export const menuSectionTitle = style({
  paddingInline: vars.space.medium,
  paddingBlock: vars.space.xsmall,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
});
/** Room for the check beside the chosen theme, so the three names line up. */
export const themeCheck = style({ display: 'inline-flex', justifyContent: 'center', width: '1em' });

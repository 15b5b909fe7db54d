import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/utils.css';
import { mediaQuery } from '../../theme/tokens';
import { vars } from '../../theme/vars.css';
import { headerHeight, narrowContainer } from '../../shared/marketing/marketing.css';

export const document = style([
  narrowContainer,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xxlarge,
    paddingBlock: vars.space.xxxlarge,
  },
]);

export const intro = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });

export const updated = style({
  margin: 0,
  color: vars.color.text.muted,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
});

export const contents = style({
  padding: vars.space.xlarge,
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
});

export const contentsTitle = style({
  margin: 0,
  marginBottom: vars.space.medium,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});

export const contentsList = style({
  display: 'grid',
  gap: vars.space.small,
  margin: 0,
  paddingLeft: vars.space.xlarge,
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const contentsLink = style([
  focusRing,
  {
    color: vars.color.text.link,
    fontSize: vars.font.size.small,
    borderRadius: vars.radius.small,
    textUnderlineOffset: '3px',
    selectors: { '&:hover': { color: vars.color.text.linkHover } },
  },
]);

/** One numbered part of the policy. Long prose: comfortable line height, modest width. */
export const policySection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  scrollMarginTop: `calc(${headerHeight} + ${vars.space.large})`,
  color: vars.color.text.secondary,
  lineHeight: vars.font.lineHeight.relaxed,
});

globalStyle(`${policySection} p, ${policySection} ul`, { margin: 0 });
globalStyle(`${policySection} ul`, {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  paddingLeft: vars.space.xlarge,
});
globalStyle(`${policySection} strong`, { color: vars.color.text.primary, fontWeight: vars.font.weight.semibold });

export const sectionTitle = style({
  margin: 0,
  color: vars.color.text.primary,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
});

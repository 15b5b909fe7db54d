import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/utils.css';
import { vars } from '../../theme/vars.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
});

export const list = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: vars.space.xsmall,
  padding: vars.space.xsmall,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.sunken,
});

export const trigger = style([
  focusRing,
  {
    minHeight: '36px',
    paddingInline: vars.space.medium,
    border: 0,
    borderRadius: vars.radius.small,
    backgroundColor: 'transparent',
    color: vars.color.text.secondary,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    transition: `background-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`,
    selectors: {
      '&:hover': { color: vars.color.text.primary },
      '&[data-state="active"]': {
        backgroundColor: vars.color.surface.raised,
        color: vars.color.text.primary,
        boxShadow: vars.shadow.small,
      },
    },
  },
]);

export const content = style([focusRing, { borderRadius: vars.radius.small }]);

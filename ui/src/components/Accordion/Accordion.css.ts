import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/utils.css';
import { vars } from '../../theme/vars.css';

const open = keyframes({
  from: { height: 0 },
  to: { height: 'var(--radix-accordion-content-height)' },
});
const close = keyframes({
  from: { height: 'var(--radix-accordion-content-height)' },
  to: { height: 0 },
});

export const root = style({
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  overflow: 'hidden',
});

export const item = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border.subtle}` } },
});

export const header = style({ margin: 0 });

export const trigger = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.medium,
    width: '100%',
    padding: vars.space.large,
    border: 0,
    background: 'transparent',
    color: vars.color.text.primary,
    fontSize: vars.font.size.standard,
    fontWeight: vars.font.weight.medium,
    textAlign: 'left',
    outlineOffset: '-2px',
    selectors: { '&:hover': { backgroundColor: vars.color.surface.sunken } },
  },
]);

export const chevron = style({
  flexShrink: 0,
  color: vars.color.text.secondary,
  transition: `transform ${vars.motion.duration.standard} ${vars.motion.easing.standard}`,
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' } },
});

export const content = style({
  overflow: 'hidden',
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.relaxed,
  selectors: {
    '&[data-state="open"]': { animation: `${open} ${vars.motion.duration.standard} ${vars.motion.easing.standard}` },
    '&[data-state="closed"]': { animation: `${close} ${vars.motion.duration.standard} ${vars.motion.easing.standard}` },
  },
});

export const contentInner = style({
  paddingInline: vars.space.large,
  paddingBottom: vars.space.large,
});

import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/utils.css';
import { vars } from '../../theme/vars.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.98)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  backgroundColor: vars.color.surface.overlay,
  animation: `${fadeIn} ${vars.motion.duration.standard} ${vars.motion.easing.decelerate}`,
});

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: 51,
  transform: 'translate(-50%, -50%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  width: `min(calc(100vw - ${vars.space.xxlarge}), ${vars.layout.dialogWidth})`,
  maxHeight: `calc(100vh - ${vars.space.xxlarge})`,
  overflowY: 'auto',
  padding: vars.space.xlarge,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.large,
  animation: `${rise} ${vars.motion.duration.standard} ${vars.motion.easing.decelerate}`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  paddingRight: vars.space.xlarge,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
});

export const description = style({
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
});

export const close = style([
  focusRing,
  {
    position: 'absolute',
    top: vars.space.medium,
    right: vars.space.medium,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    padding: 0,
    border: 0,
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: vars.color.text.secondary,
    selectors: { '&:hover': { backgroundColor: vars.color.neutral.soft, color: vars.color.text.primary } },
  },
]);

import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/utils.css';
import { vars } from '../../theme/vars.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideIn = keyframes({
  from: { transform: 'translateX(24px)', opacity: 0 },
  to: { transform: 'translateX(0)', opacity: 1 },
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
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: 51,
  display: 'flex',
  flexDirection: 'column',
  width: 'min(100vw, 640px)',
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.large,
  animation: `${slideIn} ${vars.motion.duration.standard} ${vars.motion.easing.decelerate}`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: `${vars.space.xlarge} ${vars.space.xxxlarge} ${vars.space.large} ${vars.space.xlarge}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
  overflowWrap: 'anywhere',
});
export const description = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.text.secondary });
export const body = style({ flex: 1, overflowY: 'auto', padding: vars.space.xlarge });

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

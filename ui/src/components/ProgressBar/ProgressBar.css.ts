import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { mediaQuery } from '../../theme/tokens';
import { vars } from '../../theme/vars.css';

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const track = style({
  position: 'relative',
  overflow: 'hidden',
  width: '100%',
  height: '8px',
  borderRadius: vars.radius.full,
  // The border marks where the bar ends (3:1 on raised surfaces), so the fill reads as a share of it.
  border: `1px solid ${vars.color.border.field}`,
  backgroundColor: vars.color.neutral.soft,
});

export const indicator = recipe({
  base: {
    height: '100%',
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.brand.text,
    transformOrigin: 'left',
  },
  variants: {
    determinate: {
      // The width comes from the value (scaleX), eased between updates.
      true: { width: '100%', transition: `transform ${vars.motion.duration.slow} ${vars.motion.easing.standard}` },
      // A segment that keeps crossing the bar: work is going on, its end is not known.
      false: {
        width: '40%',
        animation: `${slide} 1.4s ${vars.motion.easing.standard} infinite`,
        '@media': {
          // Without motion, a still striped bar says the same.
          [mediaQuery.reducedMotion]: {
            width: '100%',
            animation: 'none',
            backgroundColor: 'transparent',
            backgroundImage: `repeating-linear-gradient(135deg, ${vars.color.brand.text} 0 6px, transparent 6px 12px)`,
          },
        },
      },
    },
  },
  defaultVariants: { determinate: true },
});

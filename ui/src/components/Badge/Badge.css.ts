import type { StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import { badgeEmphases, badgeTones, type BadgeEmphasis, type BadgeTone } from './Badge.variants';

type ToneName = Exclude<keyof typeof vars.color, 'surface' | 'text' | 'border' | 'focusRing'>;

const toneColor = {
  neutral: 'neutral',
  brand: 'brand',
  info: 'info',
  positive: 'positive',
  caution: 'caution',
  critical: 'critical',
} satisfies Record<BadgeTone, ToneName>;

const emphasisStyle = (tone: BadgeTone, emphasis: BadgeEmphasis): StyleRule => {
  const color = vars.color[toneColor[tone]];
  return emphasis === 'solid'
    ? { backgroundColor: color.solid, color: color.onSolid, borderColor: color.solid }
    : { backgroundColor: color.soft, color: color.text, borderColor: color.border };
};

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    paddingInline: vars.space.small,
    paddingBlock: vars.space.xxsmall,
    border: '1px solid',
    borderRadius: vars.radius.full,
    fontSize: vars.font.size.xsmall,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.standard,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: Object.fromEntries(badgeTones.map((tone) => [tone, {}])) as Record<BadgeTone, StyleRule>,
    emphasis: Object.fromEntries(badgeEmphases.map((emphasis) => [emphasis, {}])) as Record<BadgeEmphasis, StyleRule>,
  },
  // Colour depends on both tone and emphasis, so every pair is a compound variant.
  compoundVariants: badgeTones.flatMap((tone) =>
    badgeEmphases.map((emphasis) => ({ variants: { tone, emphasis }, style: emphasisStyle(tone, emphasis) })),
  ),
  defaultVariants: { tone: 'neutral', emphasis: 'soft' },
});

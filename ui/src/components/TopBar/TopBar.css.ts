import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { TopBarTone } from './TopBar.variants';

const tones = {
  neutral: {
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    borderBottom: `1px solid ${vars.color.border.subtle}`,
  },
  brand: {
    backgroundColor: vars.color.brand.solid,
    color: vars.color.brand.onSolid,
    vars: { [vars.color.focusRing]: vars.color.brand.onSolid },
  },
  // The impersonation banner: an orange bar nobody can miss.
  impersonation: {
    backgroundColor: vars.color.caution.solid,
    color: vars.color.caution.onSolid,
    vars: { [vars.color.focusRing]: vars.color.caution.onSolid },
  },
} satisfies Record<TopBarTone, StyleRule>;

export const topBar = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.medium,
    // 44 px high exactly (spec section 9); content that does not fit is clipped, not wrapped.
    height: vars.layout.topBarHeight,
    paddingInline: vars.space.large,
    overflow: 'hidden',
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
  },
  variants: { tone: tones },
  defaultVariants: { tone: 'neutral' },
});

export const message = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  flexShrink: 0,
});

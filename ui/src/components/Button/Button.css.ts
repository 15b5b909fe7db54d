import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../../theme/utils.css';
import { buttonSizes, type ButtonSize, type ButtonVariant } from './Button.variants';

const transition = `background-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}, border-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}, color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`;

// `satisfies` ties the recipe to the allowed values declared in Button.variants.ts:
// a value without a style (or a style without a value) is a type error.
const variants = {
  primary: {
    backgroundColor: vars.color.brand.solid,
    color: vars.color.brand.onSolid,
    selectors: {
      '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: vars.color.brand.solidHover },
      '&:active:not(:disabled, [aria-disabled="true"])': { backgroundColor: vars.color.brand.solidActive },
    },
  },
  secondary: {
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    borderColor: vars.color.border.field,
    selectors: {
      '&:hover:not(:disabled, [aria-disabled="true"])': {
        backgroundColor: vars.color.neutral.soft,
        borderColor: vars.color.border.fieldHover,
      },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.text.primary,
    selectors: {
      '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: vars.color.neutral.softHover },
    },
  },
  danger: {
    backgroundColor: vars.color.critical.solid,
    color: vars.color.critical.onSolid,
    selectors: {
      '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: vars.color.critical.solidHover },
      '&:active:not(:disabled, [aria-disabled="true"])': { backgroundColor: vars.color.critical.solidActive },
    },
  },
  link: {
    backgroundColor: 'transparent',
    color: vars.color.text.link,
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    selectors: {
      '&:hover:not(:disabled, [aria-disabled="true"])': { color: vars.color.text.linkHover },
    },
  },
} satisfies Record<ButtonVariant, StyleRule>;

const sizes = {
  small: { minHeight: '32px', paddingInline: vars.space.medium, fontSize: vars.font.size.small },
  medium: { minHeight: '40px', paddingInline: vars.space.large, fontSize: vars.font.size.small },
  large: { minHeight: '48px', paddingInline: vars.space.xlarge, fontSize: vars.font.size.standard },
} satisfies Record<ButtonSize, StyleRule>;

export const button = recipe({
  base: [
    focusRing,
    {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: vars.space.small,
      border: '1px solid transparent',
      borderRadius: vars.radius.medium,
      fontFamily: vars.font.family.body,
      fontWeight: vars.font.weight.medium,
      lineHeight: vars.font.lineHeight.tight,
      textDecoration: 'none',
      whiteSpace: 'nowrap',
      userSelect: 'none',
      cursor: 'pointer',
      transition,
      selectors: {
        '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
      },
    },
  ],
  variants: {
    variant: variants,
    size: sizes,
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  // A link-styled button sits in running text: no box, whatever the size.
  compoundVariants: buttonSizes.map((size) => ({
    variants: { variant: 'link' as const, size },
    style: { minHeight: 'auto', paddingInline: 0, borderWidth: 0, fontSize: 'inherit' },
  })),
  defaultVariants: { variant: 'primary', size: 'medium', fullWidth: false },
});

export type ButtonRecipeVariants = NonNullable<RecipeVariants<typeof button>>;

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

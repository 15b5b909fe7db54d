// Text's allowed values, declared once: Text.tsx types its props with them, Text.css.ts keys its
// recipe by them and the stories list them. Apart from Text.tsx, so the style file imports no component.

export const textSizes = ['xsmall', 'small', 'standard', 'large'] as const;
export const textTones = [
  'primary',
  'secondary',
  'muted',
  'brand',
  'positive',
  'caution',
  'critical',
  'inherit',
] as const;
export const textWeights = ['regular', 'medium', 'semibold'] as const;
export type TextSize = (typeof textSizes)[number];
export type TextTone = (typeof textTones)[number];
export type TextWeight = (typeof textWeights)[number];

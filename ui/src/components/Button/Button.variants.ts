// Button's allowed values, declared once: Button.tsx types its props with them, Button.css.ts keys its
// recipe by them and the stories list them. Apart from Button.tsx, so the style file imports no component.

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger', 'link'] as const;
export const buttonSizes = ['small', 'medium', 'large'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

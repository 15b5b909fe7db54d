// Spinner's allowed values, declared once: Spinner.tsx types its props with them, Spinner.css.ts keys its
// recipe by them and the stories list them. Apart from Spinner.tsx, so the style file imports no component.

export const spinnerSizes = ['small', 'medium', 'large'] as const;
export type SpinnerSize = (typeof spinnerSizes)[number];

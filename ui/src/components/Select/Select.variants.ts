// Select's allowed values, declared once: Select.tsx types its props with them, Select.css.ts keys its
// recipe by them and the stories list them. Apart from Select.tsx, so the style file imports no component.

/** `medium` matches Input (40 px, forms and filters); `small` matches a small Button (32 px, toolbars). */
export const selectSizes = ['small', 'medium'] as const;
/** `full`: the field's width (forms, filter grids); `auto`: as wide as its longest choice (inline in a row). */
export const selectWidths = ['full', 'auto'] as const;

export type SelectSize = (typeof selectSizes)[number];
export type SelectWidth = (typeof selectWidths)[number];

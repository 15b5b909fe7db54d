// Heading's allowed values, declared once: Heading.tsx types its props with them, Heading.css.ts keys its
// recipe by them and the stories list them. Apart from Heading.tsx, so the style file imports no component.

export const headingLevels = ['1', '2', '3', '4'] as const;
export type HeadingLevel = (typeof headingLevels)[number];

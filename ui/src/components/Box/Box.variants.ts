// The elements a Box may render as, declared once: Box.tsx types its `as` prop with them.

export const boxElements = [
  'div',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'aside',
  'span',
  'ul',
  'li',
  'form',
] as const;
export type BoxElement = (typeof boxElements)[number];

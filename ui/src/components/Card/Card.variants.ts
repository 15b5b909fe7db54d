// Card's allowed values, declared once: Card.tsx types its props with them, Card.css.ts keys its
// recipe by them and the stories list them. Apart from Card.tsx, so the style file imports no component.

export const cardPaddings = ['none', 'medium', 'large'] as const;
export const cardTones = ['neutral', 'brand', 'critical'] as const;
export type CardPadding = (typeof cardPaddings)[number];
export type CardTone = (typeof cardTones)[number];

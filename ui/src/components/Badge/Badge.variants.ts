// Badge's allowed values, declared once: Badge.tsx types its props with them, Badge.css.ts builds its
// recipe from them (at build time) and the stories list them. Apart from Badge.tsx, so the style file
// imports no component.

export const badgeTones = ['neutral', 'brand', 'info', 'positive', 'caution', 'critical'] as const;
export const badgeEmphases = ['soft', 'solid'] as const;
export type BadgeTone = (typeof badgeTones)[number];
export type BadgeEmphasis = (typeof badgeEmphases)[number];

// Declared apart from Badge.tsx because the recipe iterates over them at build time,
// and a .css.ts file must not import a React component module.
export const badgeTones = ['neutral', 'brand', 'info', 'positive', 'caution', 'critical'] as const;
export const badgeEmphases = ['soft', 'solid'] as const;
export type BadgeTone = (typeof badgeTones)[number];
export type BadgeEmphasis = (typeof badgeEmphases)[number];

// Allowed values of the shared marketing layout recipes (marketing.css.ts), declared once so the
// pages, the recipes and the stories share one list.

export const sectionTones = ['plain', 'tinted', 'raised'] as const;
export type SectionTone = (typeof sectionTones)[number];

export const gridColumns = ['two', 'three', 'four'] as const;
export type GridColumns = (typeof gridColumns)[number];

export const tileTones = ['brand', 'positive', 'info'] as const;
export type TileTone = (typeof tileTones)[number];

// TopBar's allowed values, declared once: TopBar.tsx types its props with them, TopBar.css.ts keys its
// recipe by them and the stories list them. Apart from TopBar.tsx, so the style file imports no component.

export const topBarTones = ['neutral', 'brand', 'impersonation'] as const;
export type TopBarTone = (typeof topBarTones)[number];

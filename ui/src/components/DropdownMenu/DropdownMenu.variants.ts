// DropdownMenu's allowed values, declared once: DropdownMenu.tsx types its items' props with them and
// DropdownMenu.css.ts keys its recipe by them. Apart from DropdownMenu.tsx, so the style file imports no component.

export const menuItemTones = ['neutral', 'critical'] as const;
export type MenuItemTone = (typeof menuItemTones)[number];

// ProductLogo's allowed values, declared once: ProductLogo.tsx types its props with them.

export const logoTones = ['standard', 'inverse'] as const;
export type LogoTone = (typeof logoTones)[number];

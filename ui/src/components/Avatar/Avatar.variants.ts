// Avatar's allowed values, declared once: Avatar.tsx types its props with them, Avatar.css.ts keys its
// recipe by them and the stories list them. Apart from Avatar.tsx, so the style file imports no component.

export const avatarSizes = ['small', 'medium', 'large'] as const;
export type AvatarSize = (typeof avatarSizes)[number];

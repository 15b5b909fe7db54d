// Alert's allowed values, declared once: Alert.tsx types its props with them, Alert.css.ts keys its
// recipe by them and the stories list them. Apart from Alert.tsx, so the style file imports no component.

export const alertTones = ['info', 'positive', 'caution', 'critical'] as const;
export type AlertTone = (typeof alertTones)[number];

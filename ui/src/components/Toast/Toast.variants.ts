// Toast's allowed values, declared once: toastStore.ts types a toast's options with them, Toast.css.ts
// keys its recipe by them and the stories use them. Apart from Toast.tsx, so the style file imports no component.

export const toastVariants = ['default', 'destructive', 'success'] as const;
export type ToastVariant = (typeof toastVariants)[number];

// Where the support centre is shown, declared once: SupportCentre.tsx renders by it, SupportCentre.css.ts
// keys its recipe by it. Apart from SupportCentre.tsx, so the style file imports no component.

/** `page`: a standalone public page. `shell`: inside the app's signed-in shell. */
export const contentFrames = ['page', 'shell'] as const;
export type ContentFrame = (typeof contentFrames)[number];

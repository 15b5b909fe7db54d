// How the marketplace's consent ended, declined or not: PopupResult.tsx shows it and tells the Channels
// page, PopupResult.css.ts colours its symbol by it. Apart from PopupResult.tsx, so the style file
// imports no component.

export const popupOutcomes = ['connected', 'declined'] as const;
export type PopupOutcome = (typeof popupOutcomes)[number];

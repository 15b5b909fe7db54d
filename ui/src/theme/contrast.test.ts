import { describe, expect, test } from 'vitest';
import { darkTokens, lightTokens, type ThemeTokens } from './tokens';

// jsdom cannot compute colour contrast, so axe's color-contrast rule is off in the story
// tests. Instead, every foreground/background pair the components use is checked here
// against WCAG 2.2 AA: 4.5:1 for text, 3:1 for focus rings and field borders.

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => channel(parseInt(part, 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

type Pair = [label: string, foreground: string, background: string];

function textPairs({ color }: ThemeTokens): Pair[] {
  const { surface, text } = color;
  const tones = ['brand', 'neutral', 'positive', 'caution', 'critical', 'info'] as const;
  return [
    ...(['canvas', 'raised'] as const).flatMap((bg): Pair[] => [
      [`text.primary on ${bg}`, text.primary, surface[bg]],
      [`text.secondary on ${bg}`, text.secondary, surface[bg]],
      [`text.muted on ${bg}`, text.muted, surface[bg]],
      [`text.link on ${bg}`, text.link, surface[bg]],
      [`text.linkHover on ${bg}`, text.linkHover, surface[bg]],
    ]),
    ['text.primary on sunken', text.primary, surface.sunken],
    ['text.secondary on sunken (table headers, disabled inputs)', text.secondary, surface.sunken],
    ['critical.text on sunken (channel health counts)', color.critical.text, surface.sunken],
    ['text.primary on neutral.soft (secondary button hover)', text.primary, color.neutral.soft],
    ['text.primary on neutral.softHover (ghost button hover)', text.primary, color.neutral.softHover],
    ...tones.flatMap((tone): Pair[] => [
      [`${tone}.onSolid on ${tone}.solid`, color[tone].onSolid, color[tone].solid],
      [`${tone}.onSolid on ${tone}.solidHover`, color[tone].onSolid, color[tone].solidHover],
      [`${tone}.text on ${tone}.soft`, color[tone].text, color[tone].soft],
      [`${tone}.text on raised`, color[tone].text, surface.raised],
    ]),
    ['brand.onSolid on brand.solidActive', color.brand.onSolid, color.brand.solidActive],
    ['critical.onSolid on critical.solidActive', color.critical.onSolid, color.critical.solidActive],
    ['critical.text on critical.soft (menu item highlight)', color.critical.text, color.critical.softHover],
    ['brand.text on brand.softHover', color.brand.text, color.brand.softHover],
    ...(['navigation', 'navigationHover', 'navigationActive'] as const).flatMap((bg): Pair[] => [
      [`text.navigation on ${bg}`, text.navigation, surface[bg]],
      [`text.navigationActive on ${bg}`, text.navigationActive, surface[bg]],
    ]),
  ];
}

function nonTextPairs({ color }: ThemeTokens): Pair[] {
  return [
    ['border.field on raised', color.border.field, color.surface.raised],
    ['border.field on canvas', color.border.field, color.surface.canvas],
    ['focusRing on canvas', color.focusRing, color.surface.canvas],
    ['focusRing on raised', color.focusRing, color.surface.raised],
    ['focusRing on sunken (tab list)', color.focusRing, color.surface.sunken],
    ['sidebar focus ring (navigationActive) on navigation', color.text.navigationActive, color.surface.navigation],
    ['impersonation focus ring (caution.onSolid) on caution.solid', color.caution.onSolid, color.caution.solid],
    ['brand bar focus ring (brand.onSolid) on brand.solid', color.brand.onSolid, color.brand.solid],
    ['critical input border on raised', color.critical.solid, color.surface.raised],
    ['progress bar fill (brand.text) on its track (neutral.soft)', color.brand.text, color.neutral.soft],
    // Charts (components/Chart): the series in question and the comparison, on the card and on a bar's track.
    ['chart series (brand.text) on raised', color.brand.text, color.surface.raised],
    ['chart bar (brand.text) on its track (sunken)', color.brand.text, color.surface.sunken],
    ['chart comparison (border.field) on its track (sunken)', color.border.field, color.surface.sunken],
  ];
}

function failures(pairs: Pair[], minimum: number): string[] {
  return pairs
    .map(([label, foreground, background]) => ({ label, ratio: contrastRatio(foreground, background) }))
    .filter(({ ratio }) => ratio < minimum)
    .map(({ label, ratio }) => `${label}: ${ratio.toFixed(2)}:1`);
}

describe.each([
  ['light', lightTokens],
  ['dark', darkTokens],
])('%s theme contrast', (_name, tokens) => {
  test('text meets 4.5:1', () => {
    expect(failures(textPairs(tokens), 4.5)).toEqual([]);
  });

  test('focus rings and field borders meet 3:1', () => {
    expect(failures(nonTextPairs(tokens), 3)).toEqual([]);
  });
});

test('the ratio matches known WCAG values', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});

import { assignVars, createTheme, globalStyle } from '@vanilla-extract/css';
import { darkTokens, lightTokens } from './tokens';
import { vars } from './vars.css';

// Each theme is a class that sets every variable of the contract.
export const lightTheme = createTheme(vars, lightTokens, 'light');
export const darkTheme = createTheme(vars, darkTokens, 'dark');

// The element carrying a theme class gets the base text and background, so a theme
// can be applied to <html>, to the app root, or to a Storybook wrapper alike.
globalStyle(`:where(${lightTheme}, ${darkTheme})`, {
  backgroundColor: vars.color.surface.canvas,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.standard,
});
globalStyle(lightTheme, { colorScheme: 'light' });
globalStyle(darkTheme, { colorScheme: 'dark' });

// Before the app's script runs, app/public/theme.js marks <html> with the seller's choice
// (data-theme), so the first paint already has the right theme; the app then adds the class too.
globalStyle(':root[data-theme="light"]', { vars: assignVars(vars, lightTokens), colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { vars: assignVars(vars, darkTokens), colorScheme: 'dark' });
globalStyle(':root[data-theme]', {
  backgroundColor: vars.color.surface.canvas,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.standard,
});

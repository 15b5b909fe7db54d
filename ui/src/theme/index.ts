// Side-effect import: the global reset applies once the theme module is loaded.
import './reset.css';

export { vars } from './vars.css';
export { lightTheme, darkTheme } from './themes.css';
export {
  THEME_STORAGE_KEY,
  applyThemePreference,
  followThemePreference,
  readThemePreference,
  resolveColorScheme,
  setThemePreference,
  themePreferences,
  useThemePreference,
  type ColorScheme,
  type ThemePreference,
} from './themePreference';
export { sprinkles, type Sprinkles } from './sprinkles.css';
export { focusRing, visuallyHidden } from './utils.css';
export { breakpoints, mediaQuery, lightTokens, darkTokens, type ThemeTokens, type ColorTokens } from './tokens';

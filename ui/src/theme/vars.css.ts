import { createThemeContract } from '@vanilla-extract/css';
import { lightTokens } from './tokens';

// The one theme contract. Only the shape of the tokens matters here (values are
// ignored), so every theme built with `createTheme(vars, tokens)` must supply the
// same keys, and a missing token is a type error.
export const vars = createThemeContract(lightTokens);

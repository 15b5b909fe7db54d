import { globalStyle } from '@vanilla-extract/css';
import { mediaQuery } from './tokens';

// A small modern reset. Theme-dependent values (colours, fonts) are set on the
// theme class in themes.css.ts, not here, because variables only exist inside it.
globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

globalStyle('h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd', {
  margin: 0,
});

globalStyle('ul[role="list"], ol[role="list"]', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

globalStyle('img, svg, video, canvas', {
  display: 'block',
  maxWidth: '100%',
});

globalStyle('input, button, textarea, select', {
  font: 'inherit',
  color: 'inherit',
});

globalStyle('button', {
  cursor: 'pointer',
});

globalStyle('button:disabled', {
  cursor: 'not-allowed',
});

globalStyle('table', {
  borderCollapse: 'collapse',
  borderSpacing: 0,
});

// Motion is decoration: honour the user's request to reduce it.
globalStyle('*, *::before, *::after', {
  '@media': {
    [mediaQuery.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto',
    },
  },
});

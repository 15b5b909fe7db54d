import { StrictMode } from 'react';
import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import { darkTheme, lightTheme } from '@hub/ui';
import { App } from './App';

// The server's CSP allows style tags that carry this page's nonce (Radix's scroll lock adds one).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);

// The theme class sits on <html> so portalled dialogs, menus and toasts see it too; it follows the system setting.
const scheme = window.matchMedia('(prefers-color-scheme: dark)');
const applyTheme = () => {
  document.documentElement.classList.toggle(darkTheme, scheme.matches);
  document.documentElement.classList.toggle(lightTheme, !scheme.matches);
};
applyTheme();
scheme.addEventListener('change', applyTheme);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import { followThemePreference } from '@hub/ui';
import { App } from './App';

// The server's CSP allows style tags that carry this page's nonce (Radix's scroll lock adds one).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);

// The theme sits on <html> so portalled dialogs, menus and toasts see it too: the seller's choice in the
// user menu (saved in this browser), or the system setting while the choice is System.
followThemePreference();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

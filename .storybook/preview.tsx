import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { defaultHandlers } from '@hub/mocks';
import { ToastProvider, darkTheme, lightTheme } from '@hub/ui';
import { createQueryClient } from '@hub/ui/api';

const themes = { light: lightTheme, dark: darkTheme } as const;
type ThemeName = keyof typeof themes;

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && value in themes;
}

// A fresh client per mounted story: cached data must never leak from one story to the next.
// It is the app's own client factory, so stories follow the app's data-fetching rules.
function StoryQueryClient({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * The theme class goes on <html>, as in the app: dialogs, menus and toasts are portalled
 * to <body>, outside any wrapper, and must still see the theme's variables.
 */
function ThemeRoot({ themeClass, children }: { themeClass: string; children: ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.add(themeClass);
    return () => root.classList.remove(themeClass);
  }, [themeClass]);
  return children;
}

const withProviders: Decorator = (Story, context) => {
  const theme = isThemeName(context.globals.theme) ? context.globals.theme : 'light';
  // Full-screen stories (app shells) bring their own landmarks; any other story is
  // page content, so it sits in <main> as it would in the app.
  const fullscreen = context.parameters.layout === 'fullscreen';
  const Landmark = fullscreen ? 'div' : 'main';
  return (
    <ThemeRoot themeClass={themes[theme]}>
      <StoryQueryClient>
        <ToastProvider>
          <Landmark style={{ minHeight: '100vh', padding: fullscreen ? 0 : '1rem' }}>
            <Story />
          </Landmark>
        </ToastProvider>
      </StoryQueryClient>
    </ThemeRoot>
  );
};

const preview: Preview = {
  decorators: [withProviders],
  loaders: [mswLoader()],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    // A named record per resource: a story replaces one key, e.g. { auth: authHandlers.signedOut }.
    msw: { handlers: defaultHandlers },
    controls: { expanded: true },
  },
};

export default preview;

// The seller's theme (user menu: Light, Dark or System), applied before the first paint: a blocking
// script from this origin, which the Content-Security-Policy allows where an inline one would not run.
// The key and values are those of ui/src/theme/themePreference.ts; the app takes over once loaded.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('hub.theme');
  } catch {
    // Storage refused: the system setting decides.
  }
  if (choice !== 'light' && choice !== 'dark')
    choice = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', choice);
})();

// Applies the stored theme before the first paint, so a dark-theme user never sees a light flash.
// Kept as a file (not inline) because the server's CSP allows scripts from 'self' only.
// The key must match THEME_KEY in src/lib/storage-keys.ts.
(function () {
  try {
    var dark = window.localStorage.getItem('theme') === 'dark';
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    // Storage can be blocked (privacy modes); the light default applies.
  }
})();

// Applies the stored theme and table density before the first paint, so a dark-theme user never
// sees a light flash and a compact table never jumps. Kept as a file (not inline) because the
// server's CSP allows scripts from 'self' only. The keys must match LOCAL_KEYS in src/lib/storage-keys.ts.
(function () {
  try {
    var dark = window.localStorage.getItem('theme') === 'dark';
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    if (window.localStorage.getItem('table-density') === 'compact')
      document.documentElement.dataset.density = 'compact';
  } catch (e) {
    // Storage can be blocked (privacy modes); the light default applies.
  }
})();

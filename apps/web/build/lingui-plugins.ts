import { getConfig } from '@lingui/conf';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

/** Where Lingui reads its catalogues' setup, whichever folder the build or the tests start in. */
const configPath = decodeURIComponent(new URL('../lingui.config.ts', import.meta.url).pathname);

/**
 * Lingui's macros (t`…`) become catalogue lookups, and a `.po` import its compiled messages
 * (docs/decisions/052-interface-languages.md), for the build and the tests alike. The macros run
 * through Babel: Lingui's native transform needs Node 22. Put these before React's plugin.
 */
export function linguiPlugins(): PluginOption[] {
  // The Babel route is chosen on purpose: no reminder of the native transform on every run.
  process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
  const linguiConfig = getConfig({ configPath });
  return [babel({ presets: [linguiTransformerBabelPreset({ linguiConfig }, { configPath })] }), lingui({ configPath })];
}

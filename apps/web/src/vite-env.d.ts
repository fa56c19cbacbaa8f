/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HELP_MANUAL_URL?: string;
  readonly VITE_SOFTWARE_DOWNLOAD_URL?: string;
  readonly VITE_QUICK_START_GUIDE_URL?: string;
  readonly VITE_DEMO_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A Lingui catalogue (src/locales/*.po), compiled by @lingui/vite-plugin when imported. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/**
 * External addresses the portal links to. Each can be overridden at build time with a VITE_*
 * variable (see src/vite-env.d.ts), so a deployment points at its own documents.
 */
const env = import.meta.env;

export const links = {
  helpManual: env.VITE_HELP_MANUAL_URL || 'https://docs.migratehub.example/license-portal/help',
  softwareDownload: env.VITE_SOFTWARE_DOWNLOAD_URL || 'https://www.migratehub.example/download',
  quickStartGuide: env.VITE_QUICK_START_GUIDE_URL || 'https://docs.migratehub.example/quick-start',
  /** A video file URL; when empty the intro screen offers the quick start guide only. */
  demoVideo: env.VITE_DEMO_VIDEO_URL || '',
} as const;

import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from './support/browser';
import { startPortal } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One real portal process for the browser journeys, on a fresh embedded database. */
export default async function setup(project: TestProject) {
  const portal = await startPortal({ DEMO_PASSWORD });
  project.provide('baseURL', portal.url);
  return () => portal.stop();
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors';
import { registerAuthorization } from './authorize';
import { systemClock } from '../lib/clock';
import type { AppDeps } from '../core/deps';
import { loadConfig } from '../env';

describe('route guards', () => {
  it('refuse to start a server with a route that declares no permission', () => {
    const app = Fastify();
    registerAuthorization(app, { config: loadConfig({}) } as AppDeps, () => false);
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(/declares no permission/);
  });
});

describe('the error handler', () => {
  it('hides the internals of an unexpected error', async () => {
    const app = Fastify();
    registerErrorHandler(app, systemClock);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(res.body).not.toContain('secret');
  });
});

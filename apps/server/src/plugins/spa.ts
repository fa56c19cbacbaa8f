import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../core/errors';

/** The route @fastify/static adds for the web app's files; public, like the app itself. */
export const WEB_APP_ROUTE = '/*';

const YEAR_SECONDS = 31_536_000;
/** The portal is behind a sign-in: nothing in it is for search engines. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

function pathnameOf(url: string): string {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/)[0] ?? '/');
  } catch {
    throw badRequest('The address is not valid.');
  }
  if (pathname.includes('\0')) throw badRequest('The address is not valid.');
  return pathname.toLowerCase();
}

/**
 * Serves the built web app with @fastify/static: its files as they are (hashed assets cached for a
 * year), and index.html for every other GET outside /api and /assets, so that the app's router
 * decides (and shows its own 404 page). Unknown API paths and missing assets are real 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  if (hasBuild) {
    await app.register(async (web) => {
      // A malformed address is the client's mistake (400), not a forbidden file (send's 403).
      web.addHook('onRequest', async (request) => {
        pathnameOf(request.url);
      });
      await web.register(fastifyStatic, {
        root: distDir,
        wildcard: true,
        index: 'index.html',
        cacheControl: false,
        setHeaders: (reply, file) => {
          const immutable = file.startsWith(assetsDir);
          void reply.header('cache-control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        },
      });
    });
  }

  app.get('/robots.txt', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw notFound(`No API route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/assets/')) {
      throw notFound();
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
    }
    void reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

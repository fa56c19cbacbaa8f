import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../core/errors';

/**
 * Serves the built web app: files of its dist folder as they are (hashed assets cached for a
 * year), and index.html for every other GET outside /api so that the app's router decides (and
 * shows its own 404 page).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) await app.register(fastifyStatic, { root: distDir, serve: false });

  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split(/[?#]/)[0] ?? '/');
    } catch {
      throw badRequest('The address is not valid.');
    }
    if (pathname.includes('\0')) throw badRequest('The address is not valid.');
    if (pathname.toLowerCase().startsWith('/api/') || pathname.toLowerCase() === '/api') throw notFound();
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
    }
    const relative = path
      .normalize(pathname)
      .replace(/^(\.\.[/\\])+/, '')
      .replace(/^[/\\]+/, '');
    const file = path.join(distDir, relative);
    if (relative && file.startsWith(distDir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, {
        maxAge: immutable ? 31_536_000_000 : 0,
        immutable,
      });
    }
    void reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0 });
  });
}

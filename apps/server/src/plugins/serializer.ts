import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { compileAnswerOnFirstUse } from '../core/serializer';

/** Every route's answer is written by the function compiled from its contract (core/serializer.ts). */
export function registerSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => compileAnswerOnFirstUse(schema as z.ZodType));
}

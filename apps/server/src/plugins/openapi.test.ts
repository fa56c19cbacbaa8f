import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contracts/routes';
import { createTestContext, type TestContext } from '../../test/helper';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const committed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/api/openapi.json');
const ERROR = { $ref: '#/components/schemas/ErrorEnvelope' };

let ctx: TestContext;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
  );
const operationOf = (route: { method: string; path: string }) =>
  doc.paths[`/api${route.path.replace(/:(\w+)/g, '{$1}')}`]![route.method.toLowerCase()]!;

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('is the one committed in docs/api/openapi.json (npm run docs:api writes it)', () => {
    expect(JSON.parse(fs.readFileSync(committed, 'utf8'))).toEqual(doc);
  });

  it("names every operation after its endpoint's key in the endpoint table, and has one for each", () => {
    const named = Object.fromEntries(operations().map(({ key, operation }) => [operation.operationId, key]));
    const expected = Object.fromEntries(
      Object.entries(ROUTES).map(([name, route]) => [
        name,
        `${route.method} /api${route.path.replace(/:(\w+)/g, '{$1}')}`,
      ]),
    );
    expect(named).toEqual(expected);
  });

  it('gives every operation a summary and a relative server', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const { key, operation } of operations()) expect(operation.summary, key).toMatch(/^[A-Z]/);
  });

  it('asks a bearer token exactly of the routes the guard checks, and documents its 401', () => {
    const guards = ctx.app.routeGuards.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(guards).toHaveLength(Object.keys(ROUTES).length);
    for (const guard of guards) {
      const operation = operationOf({ method: guard.method, path: guard.url.slice('/api'.length) });
      const key = `${guard.method} ${guard.url}`;
      if (guard.config.public) {
        expect(operation.security, key).toEqual([]);
        expect(operation.responses, key).not.toHaveProperty('401');
      } else {
        expect(operation.security, key).toEqual([{ bearer: [] }]);
        expect(operation.responses, key).toHaveProperty('401');
      }
    }
  });

  it('documents 403 where the guard can refuse a signed-in caller, and only there', () => {
    // Every role may read itself, before the EULA too: refused only to an API key (decision 032).
    for (const route of [ROUTES.me, ROUTES.acceptEula]) {
      expect(operationOf(route).responses['403']!.description).toBe(
        'An API key: no key may call this, whatever its scopes (only a signed-in session).',
      );
    }
    // A read: a key without the `read` scope.
    expect(operationOf(ROUTES.report).responses['403']!.description).toMatch(/without the `read` scope/);
    // Every role, but only after the EULA.
    expect(operationOf(ROUTES.report).responses['403']!.description).toMatch(/license agreement/);
    expect(operationOf(ROUTES.report).responses['403']!.description).not.toMatch(/^Only/);
    // The SuperAdmin only.
    expect(operationOf(ROUTES.allAccounts).responses['403']!.description).toMatch(/^Only SuperAdmin may/);
    // A public route refuses a deactivated account by its own code.
    expect(operationOf(ROUTES.login).responses['403']!.description).toMatch(/deactivated/);
  });

  it('answers every refusal in the error envelope, a 429 with Retry-After, and 400 on every call', () => {
    for (const { key, operation } of operations()) {
      expect(operation.responses, key).toHaveProperty('400');
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content, `${key} ${status}`).toEqual({ 'application/json': { schema: ERROR } });
        expect(response.description, `${key} ${status}`).not.toBe('Default Response');
        if (status === '429') expect(response.headers, key).toHaveProperty('Retry-After');
      }
    }
    expect(Object.keys(operationOf(ROUTES.login).responses)).toEqual(['200', '400', '403', '429']);
    expect(Object.keys(operationOf(ROUTES.agentStartMailbox).responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
    ]);
  });

  it('documents the job and mailbox PDFs and the mailed link by what they really answer', () => {
    for (const route of [ROUTES.jobReportPdf, ROUTES.mailboxReportPdf]) {
      const pdf = operationOf(route).responses['200']!;
      expect(Object.keys(pdf.content!)).toEqual(['application/pdf']);
      expect(pdf.headers).toHaveProperty('Content-Disposition');
    }
    const link = operationOf(ROUTES.confirmEmailLink).responses;
    expect(Object.keys(link)).toEqual(['303', '400']);
    expect(link['303']!.headers).toHaveProperty('Location');
  });

  it('lets a client leave out a body the call accepts as null', () => {
    expect(operationOf(ROUTES.logout).requestBody?.required).toBe(false);
    expect(operationOf(ROUTES.login).requestBody?.required).toBe(true);
  });
});

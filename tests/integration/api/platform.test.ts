import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '#server/app';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';

/** The part of the OpenAPI document these tests read. */
const OpenApiDocumentSchema = z.object({ paths: z.record(z.string(), z.unknown()) });

let app: App;
const dist = mkdtempSync(path.join(tmpdir(), 'charchat-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CharChat</title>');
writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');

beforeAll(async () => {
  app = await buildApp(testConfig({ CLIENT_DIST: dist }));
});
afterAll(async () => {
  await app.fastify.close();
});

describe('GET /api/health', () => {
  it('reports PostgreSQL and Redis', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, postgres: { ok: true }, redis: { ok: true } });
  });
});

describe('OpenAPI docs', () => {
  it('serves the document with every API route', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(OpenApiDocumentSchema.parse(res.json()).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/library',
        '/api/characters/{id}',
        '/api/conversations',
        '/api/conversations/{id}',
        '/api/conversations/{id}/messages',
        '/api/characters/{id}/conversations/latest',
      ]),
    );
  });

  it('serves the docs page', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('client serving', () => {
  it('serves built files and falls back to index.html for client routes', async () => {
    expect((await app.fastify.inject({ method: 'GET', url: '/app.js' })).body).toBe(
      'console.log(1)',
    );
    for (const url of ['/', '/chat/abc/new', '/chatbot/123']) {
      const res = await app.fastify.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>CharChat</title>');
    }
  });

  it('answers unknown API paths with a JSON not_found', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res.json())).toBe('not_found');
  });
});

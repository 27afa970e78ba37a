import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and describes the routes with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/settings',
      '/api/terms/latest',
      '/api/cities',
      '/api/groups',
      '/api/groups/{id}',
    ]) {
      expect(paths).toContain(path);
    }
    const settings = doc.paths['/api/settings'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(settings.properties)).toContain('signup_link');
    const groupsQuery = doc.paths['/api/groups'].get.parameters.map((p: { name: string }) => p.name);
    expect(groupsQuery).toEqual(expect.arrayContaining(['limit', 'offset', 'search', 'ordering', 'id_in']));
  });
});

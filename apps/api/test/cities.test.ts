import { ZCity } from '@tasbiq/contracts/terms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MOROCCAN_CITIES, MOROCCAN_REGIONS } from '../src/modules/cities/moroccan-cities.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZCities = z.array(ZCity.strict());
async function cities(query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/cities${query}`, headers });
  expect(res.statusCode).toBe(200);
  return ZCities.parse(res.json());
}
const namesOf = (list: { name: string }[]) => list.map((c) => c.name);

describe('the city list', () => {
  it('has unique ids and names, and only the twelve regions', () => {
    expect(new Set(MOROCCAN_CITIES.map((c) => c.id)).size).toBe(MOROCCAN_CITIES.length);
    expect(new Set(MOROCCAN_CITIES.map((c) => c.name)).size).toBe(MOROCCAN_CITIES.length);
    const regions = new Set(MOROCCAN_CITIES.map((c) => c.region));
    expect([...regions].sort()).toEqual(Object.values(MOROCCAN_REGIONS).sort());
    expect(regions.size).toBe(12);
  });

  it('keeps the ids people already stored', () => {
    const idOf = (name: string) => MOROCCAN_CITIES.find((c) => c.name === name)?.id;
    expect([idOf('Casablanca'), idOf('Rabat'), idOf('Fès'), idOf('Marrakech'), idOf('Tanger')]).toEqual([
      1, 14, 26, 38, 49,
    ]);
  });
});

describe('GET /cities', () => {
  it('answers a plain array sorted by name, without a token', async () => {
    const list = await cities();
    expect(list.length).toBeGreaterThanOrEqual(80);
    expect(namesOf(list)).toEqual(
      [...namesOf(list)].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })),
    );
    expect(list).toContainEqual({ id: 1, name: 'Casablanca', region: 'Casablanca-Settat' });
    expect(list).toContainEqual({ id: 110, name: 'Laâyoune', region: 'Laâyoune-Sakia El Hamra' });
  });

  it('answers the same with a token and with the trailing slash', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id);
    const withToken = await cities('/', await bearerFor(t, user.id));
    expect(withToken).toEqual(await cities());
  });

  it.each([
    ['fes', ['Fès']],
    ['FÈS', ['Fès']],
    ['kenitra', ['Kénitra']],
    ['beni mellal', ['Béni Mellal']],
    ['mdiq', ["M'diq"]],
    ["m'diq", ["M'diq"]],
    ['tan-tan', ['Tan-Tan']],
    ['laayoune', ['Laâyoune']],
    ['hoceima', ['Al Hoceïma']],
    ['ksar kebir', ['Ksar El Kébir']],
  ])('finds %s ignoring case, accents and punctuation', async (search, expected) => {
    expect(namesOf(await cities(`?search=${encodeURIComponent(search)}`))).toEqual(expected);
  });

  it('answers the city rather than its whole region when a name matches', async () => {
    expect(namesOf(await cities('?search=casa'))).toEqual(['Casablanca']);
    expect(namesOf(await cities('?search=rabat'))).toEqual(['Rabat']);
  });

  it('falls back to the region when no city name matches', async () => {
    const list = await cities('?search=souss');
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(namesOf(list)).toContain('Agadir');
    expect(list.every((c) => c.region === 'Souss-Massa')).toBe(true);
  });

  it('needs every term to match', async () => {
    expect(namesOf(await cities('?search=oriental%20nador'))).toEqual(['Nador']);
    expect(namesOf(await cities('?search=sidi%20kacem'))).toEqual(['Sidi Kacem']);
    expect(await cities('?search=zzz')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { likeToRegExp, matchingShare, type SearchTextStatistics } from './search-estimate.ts';

describe('likeToRegExp', () => {
  it('reads % as any run and _ as one character, anchored at both ends', () => {
    expect(likeToRegExp('%alaoui%').test('alaoui yassine +212600000001')).toBe(true);
    expect(likeToRegExp('%alaoui%').test('bennani salma')).toBe(false);
    expect(likeToRegExp('alaoui%').test('m alaoui')).toBe(false);
    expect(likeToRegExp('%a_b%').test('xa-by')).toBe(true);
    expect(likeToRegExp('%a_b%').test('xaby')).toBe(false);
  });

  it('reads what likePattern escapes as plain characters, and a regular expression’s own as plain too', () => {
    expect(likeToRegExp('%50\\%%').test('remise 50% ok')).toBe(true);
    expect(likeToRegExp('%50\\%%').test('remise 500 ok')).toBe(false);
    expect(likeToRegExp('%m\\_12%').test('m_12')).toBe(true);
    expect(likeToRegExp('%m\\_12%').test('mx12')).toBe(false);
    expect(likeToRegExp('%a\\\\b%').test('a\\b')).toBe(true);
    expect(likeToRegExp('%(a+b)*[c]$^.|/?{2}%').test('x(a+b)*[c]$^.|/?{2}y')).toBe(true);
    expect(likeToRegExp('%a.b%').test('axb')).toBe(false);
  });

  it('counts a character outside the basic plane as one for _', () => {
    expect(likeToRegExp('a_b').test('a😀b')).toBe(true);
    expect(likeToRegExp('%بن%').test('محمد بنعلي')).toBe(true);
  });
});

describe('matchingShare', () => {
  const bounds = ['alaoui a', 'alaoui b', 'bennani c', 'tazi d', 'zniber e'];

  it('is the share of the histogram bounds that match when there are no common values', () => {
    expect(matchingShare({ nullShare: 0, common: [], bounds }, '%alaoui%')).toBeCloseTo(2 / 5);
    expect(matchingShare({ nullShare: 0, common: [], bounds }, '%nobody%')).toBe(0);
  });

  it('adds the matching common values’ shares, and spreads only the other rows over the bounds', () => {
    const statistics: SearchTextStatistics = {
      nullShare: 0,
      common: [
        { value: 'alaoui x', share: 0.3 },
        { value: 'tazi y', share: 0.1 },
      ],
      bounds,
    };
    // 0.3 (a common value) + (1 − 0.4) × 2/5 of the bounds.
    expect(matchingShare(statistics, '%alaoui%')).toBeCloseTo(0.3 + 0.6 * 0.4);
    expect(matchingShare(statistics, '%tazi%')).toBeCloseTo(0.1 + 0.6 * 0.2);
  });

  it('leaves out the null rows, and never passes 1', () => {
    expect(matchingShare({ nullShare: 0.5, common: [], bounds }, '%a%')).toBeCloseTo(0.5 * (4 / 5));
    const skewed = { nullShare: 0, common: [{ value: 'a', share: 0.7 }], bounds: ['a'] };
    expect(matchingShare({ ...skewed, common: [...skewed.common, { value: 'a', share: 0.7 }] }, 'a')).toBe(1);
  });

  it('knows nothing when ANALYZE has described nothing', () => {
    expect(matchingShare({ nullShare: 0, common: [], bounds: [] }, '%alaoui%')).toBeNull();
  });
});

describe('likeToRegExp, unanchored', () => {
  it('leaves a % at either end unanchored, but not an escaped one', () => {
    expect(likeToRegExp('%alaoui%').source).toBe('alaoui');
    expect(likeToRegExp('alaoui%').source).toBe('^alaoui');
    expect(likeToRegExp('%50\\%').test('x50%')).toBe(true);
    expect(likeToRegExp('%50\\%').test('x50%y')).toBe(false);
    expect(likeToRegExp('%').test('')).toBe(true);
    expect(likeToRegExp('%%').test('abc')).toBe(true);
  });
});

import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readIntParam } from '../url/read-param.ts';
import { useUrlFilters } from './use-url-filters.ts';

type Filters = { search: string; type: string; offset: number };

const parse = (params: URLSearchParams): Filters => ({
  search: params.get('search') ?? '',
  type: params.get('type') ?? '',
  offset: readIntParam(params.get('offset'), 1, 1000) ?? 0,
});

function renderFilters(address: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const result = renderHook(() => ({ ...useUrlFilters(parse, 'offset'), location: useLocation() }), {
    wrapper: ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [address] });
      return <RouterProvider router={router} />;
    },
  });
  return result;
}

describe('useUrlFilters', () => {
  it('reads the filters from the address, with defaults', () => {
    const { result } = renderFilters('/list?search=Karim&offset=20');
    expect(result.current.filters).toEqual({ search: 'Karim', type: '', offset: 20 });
  });

  it('sets and removes filters, and any change but the page goes back to the first page', () => {
    const { result } = renderFilters('/list?search=Karim&offset=20');
    act(() => result.current.update({ type: 'advance', search: '' }));
    expect(result.current.location.search).toBe('?type=advance');
    act(() => result.current.update({ offset: '40' }));
    expect(result.current.location.search).toBe('?type=advance&offset=40');
    expect(result.current.filters).toEqual({ search: '', type: 'advance', offset: 40 });
  });
});

import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, preloadMatchedScreens, preloadScreen } from './lazy-screen.tsx';

describe('lazyScreen', () => {
  it('shows the spinner while the screen’s code loads, then the screen', async () => {
    let finishLoading: (module: { ExampleScreen: ComponentType }) => void = () => {};
    const element = lazyScreen(
      () => new Promise<{ ExampleScreen: ComponentType }>((resolve) => (finishLoading = resolve)),
      'ExampleScreen',
    );
    render(element);
    expect(screen.getByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    finishLoading({ ExampleScreen: () => <h1>Exemple</h1> });
    expect(await screen.findByRole('heading', { name: 'Exemple' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('preloadScreen', () => {
  it('downloads the screen’s code once, before it renders, and the render uses that download', async () => {
    let loads = 0;
    const element = lazyScreen(async () => {
      loads += 1;
      return { ExampleScreen: () => <h1>Exemple</h1> };
    }, 'ExampleScreen');
    preloadScreen(element);
    expect(loads).toBe(1);
    preloadScreen(element);
    render(element);
    expect(await screen.findByRole('heading', { name: 'Exemple' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries again when the preload failed', async () => {
    let loads = 0;
    const element = lazyScreen(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return { ExampleScreen: () => <h1>Exemple</h1> };
    }, 'ExampleScreen');
    preloadScreen(element);
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the failure settle
    render(element);
    expect(await screen.findByRole('heading', { name: 'Exemple' })).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('preloads the matched routes’ screens and ignores other elements', () => {
    let loads = 0;
    const element = lazyScreen(async () => {
      loads += 1;
      return { ExampleScreen: () => <h1>Exemple</h1> };
    }, 'ExampleScreen');
    const other = lazyScreen(async () => {
      loads += 10;
      return { OtherScreen: () => <h1>Autre</h1> };
    }, 'OtherScreen');
    preloadMatchedScreens([
      { route: { element: <div /> } },
      { route: {} },
      { route: { element } },
      { route: { element: <div />, handle: { screen: other } } },
    ]);
    expect(loads).toBe(11);
  });

  it('starts a matched route’s own calls at once, only when given a query client (a session)', () => {
    const prefetched: QueryClient[] = [];
    const route = { handle: { prefetch: (client: QueryClient) => prefetched.push(client) } };
    preloadMatchedScreens([{ route }]);
    expect(prefetched).toHaveLength(0);
    const queryClient = new QueryClient();
    preloadMatchedScreens([{ route }], queryClient);
    expect(prefetched).toEqual([queryClient]);
  });
});

import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen.tsx';

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

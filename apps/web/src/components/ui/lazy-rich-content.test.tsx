import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyRichContent } from './lazy-rich-content.tsx';

// The chunk cannot be downloaded (offline, or removed by a new deployment).
vi.mock('./rich-content.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('LazyRichContent', () => {
  it('says the content could not be loaded instead of failing the page around it', async () => {
    render(
      <main>
        <h1>Accueil</h1>
        <Suspense fallback={null}>
          <LazyRichContent html="<p>Annonce</p>" className="text-sm" />
        </Suspense>
      </main>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent("Ce contenu n'a pas pu être chargé. Rechargez la page pour le lire.");
    expect(status).toHaveClass('text-sm');
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
  });
});

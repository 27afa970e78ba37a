import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http/api-error.ts';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadErrorState } from './load-error-state.tsx';
import { PageTitle } from './page-title.tsx';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('announces loading in French by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Chargement…' })).toHaveAttribute('data-size', 'md');
  });

  it('takes a label and a size, and centres itself as a block', () => {
    const { container } = render(<Spinner label="Chargement des fiches" size="lg" isBlock />);
    expect(screen.getByRole('status', { name: 'Chargement des fiches' })).toHaveAttribute('data-size', 'lg');
    expect(container.firstElementChild?.className).toContain('justify-center');
  });
});

describe('EmptyState', () => {
  it('says there is nothing to show by default, with an icon', () => {
    const { container } = render(<EmptyState />);
    expect(screen.getByText('Aucun élément à afficher.')).toBeInTheDocument();
    expect(container.querySelector('.tabler-icon-inbox')).not.toBeNull();
  });

  it('shows a title, a description and an action; the icon can be removed', () => {
    const { container } = render(
      <EmptyState
        title="Aucune avance"
        description="Vos demandes apparaîtront ici."
        icon={null}
        action={<Button label="Demander une avance" />}
      />,
    );
    expect(screen.getByText('Aucune avance')).toBeInTheDocument();
    expect(screen.getByText('Vos demandes apparaîtront ici.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Demander une avance' })).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });
});

describe('PageTitle', () => {
  it('renders the h1 with subtitle and actions, and names the browser tab', () => {
    render(<PageTitle title="Salariés" subtitle="120 salariés" actions={<Button label="Ajouter" />} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Salariés' })).toBeInTheDocument();
    expect(screen.getByText('120 salariés')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeInTheDocument();
    expect(document.title).toBe('Salariés · Tasbiq');
  });

  it('can leave the browser tab alone', () => {
    document.title = 'Avant';
    render(<PageTitle title="Profil" setsDocumentTitle={false} />);
    expect(document.title).toBe('Avant');
  });
});

describe('Badge', () => {
  it('shows its text with the tone’s colours and takes extra classes', () => {
    render(
      <Badge tone="danger" className="shrink-0">
        Échouée
      </Badge>,
    );
    const badge = screen.getByText('Échouée');
    expect(badge).toHaveAttribute('data-tone', 'danger');
    expect(badge.className).toContain('bg-red-50');
    expect(badge.className).toContain('shrink-0');
  });
});

describe('LoadErrorState', () => {
  it('says what failed with the French reason, and retries', async () => {
    const onRetry = vi.fn();
    render(
      <LoadErrorState title="La liste n'a pas pu être chargée." error={new Error('x')} onRetry={onRetry} />,
    );
    expect(screen.getByText("La liste n'a pas pu être chargée.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('gives a server failure a French sentence, not an error code', () => {
    render(
      <LoadErrorState
        title="La liste n'a pas pu être chargée."
        error={
          new ApiError(500, { type: 'server_error', errors: [{ code: 'error', detail: 'x', attr: null }] })
        }
        onRetry={() => {}}
      />,
    );
    expect(
      screen.getByText('Le service est momentanément indisponible. Réessayez dans un instant.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/code \[/)).not.toBeInTheDocument();
  });
});

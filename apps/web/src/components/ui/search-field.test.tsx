import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field.tsx';

/** A list that keeps its search in state and can clear it, as a screen's "Effacer les filtres". */
function List({ onSearch }: { onSearch: (search: string) => void }) {
  const [search, setSearch] = useState('');
  return (
    <>
      <SearchField
        label="Rechercher un salarié"
        value={search}
        onSearch={(next) => {
          onSearch(next);
          setSearch(next);
        }}
      />
      <p>Recherche : {search || 'aucune'}</p>
      <button type="button" onClick={() => setSearch('')}>
        Effacer
      </button>
    </>
  );
}

describe('SearchField', () => {
  it('sends the trimmed text once typing pauses, once', async () => {
    const onSearch = vi.fn();
    render(<List onSearch={onSearch} />);
    await userEvent.type(screen.getByLabelText('Rechercher un salarié'), ' Karim ');
    await waitFor(() => expect(screen.getByText('Recherche : Karim')).toBeInTheDocument());
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Karim');
  });

  it('shows a search cleared elsewhere, without sending it back', async () => {
    const onSearch = vi.fn();
    render(<List onSearch={onSearch} />);
    const box = screen.getByLabelText('Rechercher un salarié');
    await userEvent.type(box, 'Karim');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('Karim'));
    await userEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(box).toHaveValue('');
    expect(screen.getByText('Recherche : aucune')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

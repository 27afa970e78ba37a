import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyModal, loadModal } from './lazy-modal.tsx';

describe('LazyModal', () => {
  it('shows the modal once its code has arrived, then at once on later mounts', async () => {
    const first = render(
      <LazyModal open title="Conditions">
        <p>Texte</p>
      </LazyModal>,
    );
    // The first import transforms the dialog's code for the test runner: over 5 s once under a
    // full CI run's load, so this one wait gets most of the test's time.
    expect(await screen.findByRole('dialog', { name: 'Conditions' }, { timeout: 12_000 })).toHaveTextContent(
      'Texte',
    );
    first.unmount();
    await loadModal();
    render(
      <LazyModal open title="Encore">
        <p>Suite</p>
      </LazyModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Encore' })).toHaveTextContent('Suite');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyModal, loadModal } from './lazy-modal.tsx';
// The dialog's code (Radix and the icon set) takes the test runner over 10 s to transform on a
// slow machine: done here, while the file loads, rather than inside the test's 5 s wait. The
// first mount still goes through the lazy import, which then answers in a tick.
import './modal.tsx';

describe('LazyModal', () => {
  it('shows the modal once its code has arrived, then at once on later mounts', async () => {
    const first = render(
      <LazyModal open title="Conditions">
        <p>Texte</p>
      </LazyModal>,
    );
    expect(await screen.findByRole('dialog', { name: 'Conditions' })).toHaveTextContent('Texte');
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

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from './form-field.tsx';
import { Modal, type ModalProps } from './modal.tsx';

/** A parent that owns the visibility, as a screen would. */
function Harness(props: Omit<ModalProps, 'open'> & { initiallyOpen?: boolean }) {
  const { initiallyOpen = true, onOpenChange, ...rest } = props;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Masquer
      </button>
      <Modal
        {...rest}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      />
    </>
  );
}

/**
 * Radix starts listening for outside presses one tick after opening (so the opening click is not
 * one). A press is a pointerdown then a click, as in a browser: Radix waits for the click after a
 * primary-button pointerdown (jsdom ≥ 27 has real PointerEvents, whose `button` is 0).
 */
async function pressBackdrop() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const backdrop = screen.getByTestId('modal-backdrop');
  fireEvent.pointerDown(backdrop);
  fireEvent.click(backdrop);
}

function Probe({ onMount }: { onMount: () => void }): ReactNode {
  useEffect(() => onMount(), [onMount]);
  return <p>Contenu</p>;
}

describe('Modal', () => {
  it('shows the title and body in an accessible dialog', () => {
    render(
      <Modal open title="Confirmer l'avance">
        <p>Montant : 500 DH</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: "Confirmer l'avance" });
    expect(dialog).toHaveTextContent('Montant : 500 DH');
    expect(dialog).toHaveAttribute('data-align', 'center');
  });

  it('renders the body only while open', async () => {
    const onMount = vi.fn();
    render(
      <Harness initiallyOpen={false}>
        <Probe onMount={onMount} />
      </Harness>,
    );
    expect(screen.queryByText('Contenu')).toBeNull();
    expect(onMount).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByText('Contenu')).toBeInTheDocument();
    expect(onMount).toHaveBeenCalledTimes(1);
  });

  it('has an accessible name without a title', () => {
    render(
      <Modal open aria-label="Choisir une ville">
        x
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Choisir une ville' })).toBeInTheDocument();
  });

  it('dismissible (default): the "Fermer" button and Escape close it and report it', async () => {
    const onClose = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <Harness title="T" onClose={onClose} onOpenChange={onOpenChange}>
        corps
      </Harness>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);

    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('not dismissible: no close button, Escape and backdrop do nothing', async () => {
    const onClose = vi.fn();
    render(
      <Harness title="Conditions d'utilisation" dismissible={false} closeOnBackdrop onClose={onClose}>
        texte
      </Harness>,
    );
    expect(screen.queryByRole('button', { name: 'Fermer' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await pressBackdrop();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on a backdrop click by default', async () => {
    render(<Harness title="T">corps</Harness>);
    await pressBackdrop();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on a backdrop click when closeOnBackdrop', async () => {
    const onClose = vi.fn();
    render(
      <Harness title="T" closeOnBackdrop onClose={onClose}>
        corps
      </Harness>,
    );
    await pressBackdrop();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('can be aligned to the bottom (sheet)', () => {
    render(
      <Modal open title="Filtres" align="bottom">
        x
      </Modal>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('data-align', 'bottom');
    expect(dialog.className).toContain('bottom-0');
  });

  it('fires onOpened and onClosed once per change of visibility', async () => {
    const onOpened = vi.fn();
    const onClosed = vi.fn();
    const { rerender } = render(
      <Harness initiallyOpen={false} onOpened={onOpened} onClosed={onClosed}>
        x
      </Harness>,
    );
    expect(onOpened).not.toHaveBeenCalled();
    expect(onClosed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(onOpened).toHaveBeenCalledTimes(1);
    // A re-render with new callbacks is not a change of visibility.
    rerender(
      <Harness initiallyOpen={false} onOpened={onOpened} onClosed={() => onClosed()}>
        x
      </Harness>,
    );
    expect(onOpened).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(onOpened).toHaveBeenCalledTimes(1);
  });

  it('fires onOpened when mounted open, and onClosed when the parent hides it', () => {
    const onOpened = vi.fn();
    const onClosed = vi.fn();
    const { rerender } = render(
      <Modal open onOpened={onOpened} onClosed={onClosed}>
        x
      </Modal>,
    );
    expect(onOpened).toHaveBeenCalledTimes(1);
    rerender(
      <Modal open={false} onOpened={onOpened} onClosed={onClosed}>
        x
      </Modal>,
    );
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives the focus back to the button that opened it once closed', async () => {
    const user = userEvent.setup();
    render(<Harness initiallyOpen={false} title="Titre" />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ouvrir' })).toHaveFocus());
  });

  it('gives the focus back to the opener when a field of the body took it at once (autoFocus), also when the modal is removed rather than closed', async () => {
    const user = userEvent.setup();
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Modifier
          </button>
          {open ? (
            <Modal open onOpenChange={setOpen} title="Titre">
              {/* FormField focuses on mount itself: Preact leaves `autoFocus` to the browser (decision 049). */}
              <FormField label="Nouvelle valeur" autoFocus />
            </Modal>
          ) : null}
        </>
      );
    }
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(screen.getByLabelText('Nouvelle valeur')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modifier' })).toHaveFocus());
    // Escape too.
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modifier' })).toHaveFocus());
  });

  it('leaves the focus where the screen put it on closing', async () => {
    const user = userEvent.setup();
    function Screen() {
      const [open, setOpen] = useState(false);
      const [isDone, setIsDone] = useState(false);
      useEffect(() => {
        if (isDone) document.getElementById('done')?.focus();
      }, [isDone]);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Ouvrir
          </button>
          <p id="done" tabIndex={-1}>
            Fait
          </p>
          <Modal open={open} onOpenChange={setOpen} title="Titre">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setIsDone(true);
              }}
            >
              Valider
            </button>
          </Modal>
        </>
      );
    }
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix's close-focus step runs a tick after the dialog is gone.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByText('Fait')).toHaveFocus();
  });
});

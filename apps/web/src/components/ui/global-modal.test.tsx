import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type GlobalModalApi, GlobalModalProvider, useGlobalModal } from './global-modal.tsx';
import { loadModal } from './lazy-modal.tsx';

function Capture({ onApi }: { onApi: (api: GlobalModalApi) => void }) {
  onApi(useGlobalModal());
  return <p>Page</p>;
}

function setup() {
  let api: GlobalModalApi | undefined;
  render(
    <GlobalModalProvider>
      <Capture
        onApi={(value) => {
          api = value;
        }}
      />
    </GlobalModalProvider>,
  );
  if (!api) throw new Error('not captured');
  return api;
}

describe('GlobalModal', () => {
  // The host's modal code downloads on first use (lazy-modal.tsx); once there, modals open at once.
  beforeAll(() => loadModal());

  it('throws "No GlobalModal provided!" without its provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useGlobalModal())).toThrow('No GlobalModal provided!');
    spy.mockRestore();
  });

  it('opens any content with modal options and closes it by id', async () => {
    const api = setup();
    const onClosed = vi.fn();
    let id = '';
    act(() => {
      id = api.open(<p>Avance envoyée</p>, { title: 'Succès', align: 'bottom', onClosed });
    });
    const dialog = screen.getByRole('dialog', { name: 'Succès' });
    expect(dialog).toHaveTextContent('Avance envoyée');
    expect(dialog).toHaveAttribute('data-align', 'bottom');
    act(() => api.close(id));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stacks modals; close() without id closes the topmost', () => {
    const api = setup();
    act(() => {
      api.open(<p>Premier</p>, { title: 'Un' });
      api.open(<p>Second</p>, { title: 'Deux' });
    });
    expect(screen.getByText('Premier')).toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => api.close());
    expect(screen.queryByText('Second')).toBeNull();
    expect(screen.getByText('Premier')).toBeInTheDocument();
    act(() => api.close());
    expect(screen.queryByText('Premier')).toBeNull();
  });

  it('gives function content a close callback, and the close button works', async () => {
    const api = setup();
    act(() => {
      api.open((close) => (
        <button type="button" onClick={close}>
          Compris
        </button>
      ));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Compris' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      api.open(<p>Info</p>, { title: 'Info' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('returns distinct ids', () => {
    const api = setup();
    let ids: string[] = [];
    act(() => {
      ids = [api.open('a'), api.open('b')];
    });
    expect(new Set(ids).size).toBe(2);
  });
});

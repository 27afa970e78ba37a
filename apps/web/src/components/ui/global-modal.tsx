import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { LazyModal } from './lazy-modal.tsx';
import type { ModalOptions } from './modal.tsx';

/** Content, or a function of `close` for content that has its own "OK" / "Annuler" buttons. */
export type GlobalModalContent = ReactNode | ((close: () => void) => ReactNode);

export type GlobalModalApi = {
  /** Shows `content` in a modal above everything; returns its id for `close(id)`. */
  open: (content: GlobalModalContent, options?: ModalOptions) => string;
  /** Closes the modal with this id, or the topmost one. */
  close: (id?: string) => void;
};

type Entry = { id: string; content: GlobalModalContent; options: ModalOptions; isOpen: boolean };

const GlobalModalContext = createContext<GlobalModalApi | null>(null);

/**
 * Host of the modals opened from anywhere (spec §2: "a global modal opener can show any content on
 * request"). Modals stack: the last opened is on top and is the one `close()` closes.
 */
export function GlobalModalProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const nextId = useRef(0);

  // Closing hides first and removes once hidden, so the modal's onClosed event still fires.
  const close = useCallback((id?: string) => {
    setEntries((current) => {
      const target = id ?? current.findLast((entry) => entry.isOpen)?.id;
      return current.map((entry) => (entry.id === target ? { ...entry, isOpen: false } : entry));
    });
  }, []);

  const remove = useCallback((id: string) => {
    setEntries((current) => current.filter((entry) => entry.id !== id));
  }, []);

  const open = useCallback((content: GlobalModalContent, options: ModalOptions = {}) => {
    nextId.current += 1;
    const id = `global-modal-${nextId.current}`;
    setEntries((current) => [...current, { id, content, options, isOpen: true }]);
    return id;
  }, []);

  const api = useMemo<GlobalModalApi>(() => ({ open, close }), [open, close]);

  return (
    <GlobalModalContext.Provider value={api}>
      {children}
      {entries.map((entry) => (
        <GlobalModalItem key={entry.id} entry={entry} close={close} remove={remove} />
      ))}
    </GlobalModalContext.Provider>
  );
}

type ItemProps = { entry: Entry; close: (id?: string) => void; remove: (id: string) => void };

function GlobalModalItem({ entry, close, remove }: ItemProps) {
  const { id, content, options, isOpen } = entry;
  const closeThis = useCallback(() => close(id), [close, id]);
  return (
    <LazyModal
      {...options}
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) closeThis();
      }}
      onClosed={() => {
        options.onClosed?.();
        remove(id);
      }}
    >
      {typeof content === 'function' ? content(closeThis) : content}
    </LazyModal>
  );
}

export function useGlobalModal(): GlobalModalApi {
  const api = useContext(GlobalModalContext);
  if (!api) throw new Error('No GlobalModal provided!');
  return api;
}

import * as Dialog from '@radix-ui/react-dialog';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { cx } from '../../lib/cx.ts';
import { commonFr } from '../../locales/fr/common.ts';

export type ModalAlign = 'center' | 'bottom';

/** Everything but visibility and content: also what GlobalModal's `open()` accepts. */
export type ModalOptions = {
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  'aria-label'?: string;
  /** Close button, Escape key (and backdrop when allowed) close it. Default true. */
  dismissible?: boolean;
  /** A click on the backdrop closes it (only when dismissible). Default false: forms lose input otherwise. */
  closeOnBackdrop?: boolean;
  /** 'bottom': a sheet at the bottom of a phone's screen, a centred dialog from 640 px. Default 'center'. */
  align?: ModalAlign;
  /** The user asked to close it (close button, Escape, backdrop). */
  onClose?: () => void;
  /** Fired once the modal has become visible. */
  onOpened?: () => void;
  /** Fired once the modal has been hidden. */
  onClosed?: () => void;
  className?: string;
};

export type ModalProps = ModalOptions & {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
};

const panelByAlign: Record<ModalAlign, string> = {
  center:
    'left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl max-h-[calc(100dvh-2rem)]',
  // A sheet on phones, where the thumb is; a centred dialog from `sm` up (a sheet glued to the
  // bottom of a desktop screen reads as a broken layout).
  bottom:
    'inset-x-0 bottom-0 mx-auto w-full max-w-lg rounded-t-2xl max-h-[90dvh] pb-[max(1rem,env(safe-area-inset-bottom))] ' +
    'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:max-h-[calc(100dvh-2rem)] sm:pb-6',
};

function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Accessible dialog (focus trap, Escape, aria-modal) on Radix. The body exists only while open, so
 * a closed modal runs no effects and fetches nothing. Once closed, the focus goes back to what had
 * it before (the button that opened it), unless the screen has already put it somewhere else.
 */
export function Modal({
  open,
  onOpenChange,
  onClose,
  onOpened,
  onClosed,
  title,
  'aria-label': ariaLabel,
  dismissible = true,
  closeOnBackdrop = false,
  align = 'center',
  className,
  children,
}: ModalProps) {
  // Latest callbacks in a ref: the visibility effect must fire on open/close only, not on every
  // render where a parent passes a new arrow function.
  const events = useRef({ onOpened, onClosed });
  events.current = { onOpened, onClosed };
  const wasOpen = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  // What has the focus as the modal opens, read while rendering: by the time Radix says it is
  // opening (onOpenAutoFocus), a field with autoFocus in the body may already have taken the focus,
  // and the opener would be that field, gone once closed.
  const wasOpenAtRender = useRef(false);
  if (open && !wasOpenAtRender.current) opener.current = focusedElement();
  wasOpenAtRender.current = open;

  useEffect(() => {
    if (open && !wasOpen.current) events.current.onOpened?.();
    if (!open && wasOpen.current) events.current.onClosed?.();
    wasOpen.current = open;
  }, [open]);

  const handleOpenChange = (next: boolean) => {
    if (!next) onClose?.();
    onOpenChange?.(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50" data-testid="modal-backdrop" />
        <Dialog.Content
          // No description element: tell Radix so rather than let it warn.
          aria-describedby={undefined}
          data-align={align}
          data-dismissible={dismissible}
          className={cx(
            'fixed z-50 flex flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none sm:p-6',
            panelByAlign[align],
            className,
          )}
          onCloseAutoFocus={(event) => {
            // Radix gives the focus back to a Dialog.Trigger only; we open dialogs from state, so
            // without this it would fall on <body> and a keyboard user would start from the top.
            event.preventDefault();
            const isFocusLost = !document.activeElement || document.activeElement === document.body;
            if (isFocusLost && opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!dismissible || !closeOnBackdrop) event.preventDefault();
          }}
        >
          {align === 'bottom' ? (
            <span
              aria-hidden="true"
              className="mx-auto mb-3 h-1 w-10 shrink-0 rounded-full bg-gray-300 sm:hidden"
            />
          ) : null}
          {title || dismissible ? (
            <div className="mb-4 flex items-start justify-between gap-4">
              {title ? (
                <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              ) : (
                <span />
              )}
              {dismissible ? (
                <Dialog.Close
                  aria-label={commonFr.close}
                  className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <IconX aria-hidden="true" className="size-5" />
                </Dialog.Close>
              ) : null}
            </div>
          ) : null}
          {title ? null : <Dialog.Title className="sr-only">{ariaLabel ?? commonFr.dialog}</Dialog.Title>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

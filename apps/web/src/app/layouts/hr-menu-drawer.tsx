import * as Dialog from '@radix-ui/react-dialog';
import { IconX } from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';

export type HrMenuDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
};

/**
 * The HR menu as a drawer on phones and tablets (focus trapped, Escape or the overlay closes it).
 * Its own chunk: Radix Dialog is downloaded when the menu is first wanted, not with every HR page
 * (issue 9 §4).
 */
export function HrMenuDrawer({ open, onOpenChange, returnFocusTo, children }: HrMenuDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          // The button that opens it is ours, not a Dialog.Trigger: Radix would not know where to
          // give the focus back.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex h-14 items-center justify-between border-b border-gray-200 px-4">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Fermer le menu"
              className="inline-flex size-11 items-center justify-center rounded-xl text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <IconX aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

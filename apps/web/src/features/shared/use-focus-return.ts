import { useRef } from 'react';

/**
 * Gives the focus back to what opened a dialog. Our Modal (Radix) has no Dialog.Trigger, and Radix
 * then sends the focus to <body> on close: a keyboard or screen-reader user would start again
 * from the top of the page.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    /** When opening: remembers what has the focus (the button pressed, the field where Enter was). */
    remember() {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    /**
     * When closing: focuses `target` (default: the remembered opener) once the dialog is gone.
     * The timeout runs before Radix's own close-focus step, which does nothing without a trigger.
     */
    restore(target?: HTMLElement | null) {
      const element = target ?? opener.current;
      setTimeout(() => {
        if (element?.isConnected) element.focus();
      }, 0);
    },
  };
}

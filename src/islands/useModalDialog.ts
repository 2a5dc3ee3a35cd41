import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a native modal <dialog> in step with an open flag from a store: showModal() when it turns
 * true (focus moves in and is trapped, the page behind goes inert), close() when it turns false
 * (focus returns to the opener). Returns the ref to put on the <dialog>; pair it with an onClose
 * handler that resets the store, so Escape and form[method=dialog] stay in sync.
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return dialog;
}

/** The same for a dialog that is not rendered by React (found by id), e.g. the static main menu. */
export function useModalDialogById(id: string, open: boolean): void {
  useEffect(() => {
    const el = document.getElementById(id);
    if (!(el instanceof HTMLDialogElement)) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [id, open]);
}

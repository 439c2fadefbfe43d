import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './modal.css';

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called when the user asks to close (Escape or the close button); only when `closable`. */
  onClose?: () => void;
  /** Escape and the close button close the modal only when true (default). */
  closable?: boolean;
  /** Shows the × button (when closable). */
  showCloseButton?: boolean;
  closeLabel?: string;
  className?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openModals = 0;
let savedOverflow = '';

/** Page scrolling is locked while at least one modal is open (spec §2). */
function lockScroll(): () => void {
  if (openModals === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openModals += 1;
  return () => {
    openModals -= 1;
    if (openModals === 0) document.body.style.overflow = savedOverflow;
  };
}

/**
 * Modal overlay on the native <dialog> opened with showModal(): the browser makes the rest of the page
 * inert and gives it role dialog; Tab is additionally kept inside; focus returns to where it was.
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  closable = true,
  showCloseButton = true,
  closeLabel = 'Close',
  className,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const unlock = lockScroll();
    const first =
      dialog.querySelector<HTMLElement>('[autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    return () => {
      unlock();
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      previous?.focus?.();
    };
  }, [open]);

  const requestClose = () => {
    if (closable) onClose?.();
  };

  // The browser's own Escape handling fires `cancel`; we decide whether it closes.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    requestClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      tabIndex={-1}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {closable && showCloseButton ? (
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={requestClose}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}

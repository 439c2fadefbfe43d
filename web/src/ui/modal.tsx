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

/** What Tab stops at: a control taken out of the Tab order (tabindex -1) is not a first or last stop. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

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
 * The control focused last. A button the flow disables as it is pressed loses focus to the page body before
 * the dialog it opens appears; the dialog returns focus to it all the same.
 */
let lastFocused: HTMLElement | null = null;
let trackingFocus = false;

function trackFocus() {
  if (trackingFocus) return;
  trackingFocus = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

function opener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

/**
 * Focus goes back to the control that opened the dialog. The flow may have disabled it meanwhile (a control
 * `disabled` rather than unavailable, ui/unavailable.ts), and a disabled control takes no focus: it gets it
 * when enabled again, unless the visitor has moved on.
 */
function returnFocus(previous: HTMLElement | null) {
  if (!previous?.isConnected) return;
  previous.focus();
  if (document.activeElement === previous || !(previous instanceof HTMLButtonElement)) return;
  const observer = new MutationObserver(() => {
    if (previous.disabled) return;
    observer.disconnect();
    const moved = document.activeElement !== null && document.activeElement !== document.body;
    if (!moved && previous.isConnected) previous.focus();
  });
  observer.observe(previous, { attributes: true, attributeFilter: ['disabled'] });
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

  useEffect(trackFocus, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = opener();
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
      returnFocus(previous);
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

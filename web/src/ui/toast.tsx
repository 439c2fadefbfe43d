import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultErrorText } from '@/lib/default-error-text';

/**
 * Toast of spec §2: types Error and Success; 3 s, or 10 s in payment flows. Built on sonner, which is
 * loaded with the first toast (most visits never show one, and the home route stays light); sonner
 * replays toasts created before its Toaster mounted.
 */
export type ToastType = 'Error' | 'Success';

export const TOAST_SHORT_MS = 3_000;
export const TOAST_LONG_MS = 10_000;

export type ToastOptions = {
  type?: ToastType;
  /** Defaults to 'Something Went Wrong!' (or its translation passed as `fallback`). */
  message?: string;
  fallback?: string;
  /** Payment flows keep the toast for 10 s. */
  long?: boolean;
};

let needed = false;
const listeners = new Set<() => void>();
const loadSonner = () => import('sonner');

export function showToast({ type = 'Error', message, fallback, long = false }: ToastOptions = {}): void {
  const text = message || fallback || defaultErrorText();
  const duration = long ? TOAST_LONG_MS : TOAST_SHORT_MS;
  if (!needed) {
    needed = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then(({ toast }) => {
    if (type === 'Success') toast.success(text, { duration });
    else toast.error(text, { duration });
  });
}

const Toaster = lazy(() => import('./toaster'));

function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => needed,
    () => false,
  );
}

export function AppToaster() {
  const show = useToasterNeeded();
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* What a screen reader says of the toasts, in the page's language (sonner's own is English). */}
      <Toaster label={t('common.notifications')} closeLabel={t('common.close')} duration={TOAST_SHORT_MS} />
    </Suspense>
  );
}

import { Toaster, toast } from 'sonner';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/errors';

/** Toast of spec §2: types Error and Success; 3 s, or 10 s in payment flows. */
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

export function showToast({ type = 'Error', message, fallback, long = false }: ToastOptions = {}): void {
  const text = message || fallback || DEFAULT_ERROR_TEXT;
  const duration = long ? TOAST_LONG_MS : TOAST_SHORT_MS;
  if (type === 'Success') toast.success(text, { duration });
  else toast.error(text, { duration });
}

export function AppToaster() {
  return <Toaster position="top-center" richColors closeButton toastOptions={{ duration: TOAST_SHORT_MS }} />;
}

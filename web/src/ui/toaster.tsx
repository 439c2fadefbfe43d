import { useState } from 'react';
import { Toaster } from 'sonner';
import './toaster.css';

const GAP_PX = 8;

/**
 * Where the toasts start: under the page's sticky header (the first header element, the banner), so a toast
 * never covers the logo or the language menu. On a 360 px phone sonner's own place (16 px from the top, the
 * full width) is right over them. Undefined without a header: sonner's own offsets.
 */
function belowHeader(): number | undefined {
  const header = document.querySelector('header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) + GAP_PX : undefined;
}

/** sonner's Toaster as the app shows it; loaded with the first toast (ui/toast.tsx). */
export default function AppToasts({
  label,
  closeLabel,
  duration,
}: {
  label: string;
  closeLabel: string;
  duration: number;
}) {
  // The header's height is the same at every width (one bar, one row of links): measured once.
  const [top] = useState(belowHeader);
  const offset = top === undefined ? undefined : { top };
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      offset={offset}
      mobileOffset={offset}
      customAriaLabel={label}
      toastOptions={{ duration, closeButtonAriaLabel: closeLabel }}
    />
  );
}

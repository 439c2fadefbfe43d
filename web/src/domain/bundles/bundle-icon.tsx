import type { BundleIcon as Icon } from './bundle-groups';

const PATHS: Record<Icon, string> = {
  // Signal bars
  data: 'M4 18h2v-4H4v4zm5 0h2v-7H9v7zm5 0h2V8h-2v10zm5 0h2V4h-2v14z',
  // Wi-Fi arcs
  internet:
    'M12 18.5a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5zM6.4 12.9l1.5 1.5a5.8 5.8 0 0 1 8.2 0l1.5-1.5a7.9 7.9 0 0 0-11.2 0zM3 9.5 4.5 11a10.6 10.6 0 0 1 15 0L21 9.5a12.7 12.7 0 0 0-18 0z',
  // Speech bubble
  sms: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H8l-4 4V5a1 1 0 0 1 1-1zm3 5v2h10V9H7zm0 3v2h7v-2H7z',
  // Globe
  international:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm6.9 8h-3a14 14 0 0 0-1.2-5.2A7 7 0 0 1 18.9 11zM12 5c.9 1.2 1.8 3.4 1.9 6h-3.8c.1-2.6 1-4.8 1.9-6zM9.3 5.8A14 14 0 0 0 8.1 11h-3a7 7 0 0 1 4.2-5.2zM5.1 13h3a14 14 0 0 0 1.2 5.2A7 7 0 0 1 5.1 13zm6.9 6c-.9-1.2-1.8-3.4-1.9-6h3.8c-.1 2.6-1 4.8-1.9 6zm2.7-.8a14 14 0 0 0 1.2-5.2h3a7 7 0 0 1-4.2 5.2z',
  // Plane
  roaming: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  // Stacked layers
  combo:
    'm12 3 9 5-9 5-9-5 9-5zm-9 9 2.2-1.2L12 14.6l6.8-3.8L21 12l-9 5-9-5zm0 4 2.2-1.2L12 18.6l6.8-3.8L21 16l-9 5-9-5z',
  // Tag
  bundle: 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9zm4.5-4.5a1.5 1.5 0 1 0 0-.01z',
};

/** The category icon of the bundle list (decorative: the category name is the text). */
export function BundleIcon({ icon }: { icon: Icon }) {
  return (
    <svg
      className={`bundle-icon bundle-icon--${icon}`}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[icon]} fill="currentColor" />
    </svg>
  );
}

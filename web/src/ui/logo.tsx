/** The brand mark: drawn inline so no image request is needed, even on the loading screen. */
export function Logo({ size = 36, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="64" height="64" rx="16" fill="var(--brand, #c8102e)" />
      <path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#fff" />
      <circle cx="49" cy="15" r="4" fill="#fff" opacity="0.85" />
    </svg>
  );
}

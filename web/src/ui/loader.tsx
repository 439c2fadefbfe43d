/** An inline spinner with an accessible label (the full-page variant is LoadingScreen). */
export function Loader({
  label,
  size = 'md',
  showLabel = false,
}: {
  label: string;
  size?: 'sm' | 'md';
  showLabel?: boolean;
}) {
  return (
    <span className={`loader loader--${size}`} role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className={showLabel ? 'loader__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}

/** An inline spinner with an accessible label (the full-page variant is LoadingScreen). */
export function Loader({ label, size = 'md' }: { label: string; size?: 'sm' | 'md' }) {
  return (
    <span className={`loader loader--${size}`} role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

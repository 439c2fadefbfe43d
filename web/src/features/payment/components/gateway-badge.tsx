/** Gateway marks drawn as text badges (no external assets): paystack, uba, dpo, cellulant, other. */
const BADGES: Record<string, { text: string; bg: string; fg: string }> = {
  paystack: { text: 'paystack', bg: '#08739b', fg: '#fff' },
  uba: { text: 'UBA', bg: '#d42e12', fg: '#fff' },
  dpo: { text: 'DPO', bg: '#1f3c88', fg: '#fff' },
  cellulant: { text: 'cellulant', bg: '#a94c00', fg: '#fff' },
};

export function GatewayBadge({ gateway }: { gateway: string }) {
  const badge = BADGES[gateway.toLowerCase()];
  if (!badge) {
    return (
      <span className="gateway-badge gateway-badge--other" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="2" y="5" width="20" height="14" rx="2" />
          <path d="M2 10h20M6 15h4" />
        </svg>
      </span>
    );
  }
  // The text is the gateway's name: part of the choice's accessible name (several gateways share one label).
  return (
    <span className="gateway-badge" style={{ background: badge.bg, color: badge.fg }}>
      {badge.text}
    </span>
  );
}

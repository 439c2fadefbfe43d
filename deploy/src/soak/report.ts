import type { SoakResult } from './run.js';

/** The soak's result as a human reads it: payments by method and outcome, faults by kind, the worst refund. */
export function formatSoak(result: SoakResult): string {
  const lines: string[] = [];
  const outcomes = [...new Set(Object.values(result.byMethod).flatMap((row) => Object.keys(row)))].sort();
  const width = Math.max(24, ...Object.keys(result.byMethod).map((m) => m.length + 2));
  lines.push(`\npayments by method and outcome (${result.payments.length} payments):`);
  lines.push(
    `${'method'.padEnd(width)}${'total'.padStart(7)}${outcomes.map((o) => o.padStart(Math.max(10, o.length + 2))).join('')}`,
  );
  for (const [method, row] of Object.entries(result.byMethod).sort()) {
    const total = Object.values(row).reduce((a, b) => a + b, 0);
    lines.push(
      `${method.padEnd(width)}${String(total).padStart(7)}${outcomes.map((o) => String(row[o] ?? 0).padStart(Math.max(10, o.length + 2))).join('')}`,
    );
  }
  lines.push('\nfaults by kind (requested / applied of target):');
  for (const k of result.kinds) {
    const misses = Object.entries(k.misses).map(([reason, n]) => `${n}x ${reason}`);
    lines.push(
      `  ${k.name.padEnd(24)}${String(k.requested).padStart(5)} / ${String(k.applied).padStart(4)} of ${k.target}${misses.length ? `   missed: ${misses.join('; ')}` : ''}`,
    );
  }
  const inv = result.invariants;
  lines.push(
    `\ninvariants: ${inv.transactions} transactions ${JSON.stringify(inv.byState)}; ${inv.charges} charges, ` +
      `${inv.credits} credits, ${inv.refunds} refunds; ${inv.violations.length} violations`,
  );
  lines.push(
    `worst refund after confirmation: ${inv.worstRefundSeconds.toFixed(1)} s (limit 30 s; ${inv.worstRefundTotalSeconds.toFixed(1)} s ` +
      `counting the core's outages, which hold up an airtime charge's reversal); core-outage witnesses: ` +
      `${result.witnesses.qualified} confirmed with 30 s of outage ahead (all must be refunded), ${result.witnesses.other} confirmed too late to count`,
  );
  lines.push(
    `seed ${result.seed}; faults spread over ${(result.spanMs / 60_000).toFixed(1)} min; total ${formatDuration(result.durationMs)}`,
  );
  lines.push(
    result.failures.length === 0
      ? 'soak: PASSED'
      : `soak: FAILED (${result.failures.length}):\n${result.failures
          .slice(0, 50)
          .map((f) => `  - ${f}`)
          .join('\n')}`,
  );
  return lines.join('\n');
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m ${String(s % 60).padStart(2, '0')}s`;
}

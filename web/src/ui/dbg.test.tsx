import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '@/testing/test-utils';
import { contentAndConfig, renderSync } from '@/ui/testing/journeys';
import { OtpDialog } from '@/ui/otp-dialog';

describe('dbg', () => {
  it('renders', async () => {
    mockFetch(contentAndConfig());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderSync(<OtpDialog open recipient="x" onVerify={async () => undefined} onResend={async () => undefined} onClose={() => undefined} />);
    console.log(document.body.innerHTML.slice(0, 500));
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
    vi.useRealTimers();
  });
});

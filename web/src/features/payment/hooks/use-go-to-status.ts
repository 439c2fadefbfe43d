import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLocalePath } from '@/lib/language';

/** Opens /payment/status?id={transactionId} (spec §4: every method ends there). */
export function useGoToStatus() {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return useCallback(
    (transactionId: string) =>
      navigate(`${localePath('/payment/status')}?id=${encodeURIComponent(transactionId)}`),
    [navigate, localePath],
  );
}

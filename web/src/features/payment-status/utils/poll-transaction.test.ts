import { describe, expect, it, vi } from 'vitest';
import { transaction } from '@/testing/fixtures';
import { pollTransaction } from './poll-transaction';

function deps(statuses: string[]) {
  const getStatus = vi.fn(async () => ({ status: statuses.shift() ?? 'SUCCESS' }) as never);
  const getRecord = vi.fn(async () => transaction());
  const sleep = vi.fn(async () => {});
  return { getStatus, getRecord, sleep };
}

describe('status polling', () => {
  it('loads the record at once when the status is final', async () => {
    const d = deps(['SUCCESS']);
    await expect(pollTransaction('TXN1', d)).resolves.toMatchObject({ transactionId: 'TXN1' });
    expect(d.getStatus).toHaveBeenCalledTimes(1);
    expect(d.sleep).not.toHaveBeenCalled();
    expect(d.getRecord).toHaveBeenCalledWith('TXN1', undefined);
  });

  it('polls once per second while REQUEST_REGISTERED (or ALREADY_PROCESSED)', async () => {
    const d = deps(['REQUEST_REGISTERED', 'ALREADY_PROCESSED', 'SUCCESS']);
    await pollTransaction('TXN1', d);
    expect(d.getStatus).toHaveBeenCalledTimes(3);
    expect(d.sleep).toHaveBeenCalledTimes(2);
    expect(d.sleep).toHaveBeenCalledWith(1000, undefined);
  });

  it('stops after 5 attempts and loads the record anyway', async () => {
    const d = deps(Array(10).fill('REQUEST_REGISTERED'));
    await pollTransaction('TXN1', d);
    expect(d.getStatus).toHaveBeenCalledTimes(5);
    expect(d.sleep).toHaveBeenCalledTimes(4);
    expect(d.getRecord).toHaveBeenCalledTimes(1);
  });

  it('does not poll other pending statuses', async () => {
    const d = deps(['IN_PROCESS']);
    await pollTransaction('TXN1', d);
    expect(d.getStatus).toHaveBeenCalledTimes(1);
  });
});

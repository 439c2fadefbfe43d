import { describe, expect, it } from 'vitest';
import { sandboxPerTestFile, type TestSandbox } from './test-support.js';

let sb: TestSandbox;
sandboxPerTestFile((started) => (sb = started));

async function send(to: string, text: string) {
  return sb.app.inject({ method: 'POST', url: '/sandbox/sms/api/messages', payload: { to, text } });
}

describe('SMS centre', () => {
  it('accepts a message and shows it in the inbox of every form of the number, newest first', async () => {
    expect((await send('2348021000001', 'Your code is 111111')).statusCode).toBe(202);
    expect((await send('08021000001', 'Your code is 222222')).statusCode).toBe(202);
    await send('8021000002', 'someone else');
    for (const form of ['8021000001', '08021000001', '2348021000001', '%2B2348021000001']) {
      const res = await sb.app.inject({ method: 'GET', url: `/sandbox/sms?to=${form}` });
      expect(res.statusCode).toBe(200);
      const messages = res.json() as Array<{ to: string; text: string; sentAt: string }>;
      expect(messages.map((m) => m.text)).toEqual(['Your code is 222222', 'Your code is 111111']);
      expect(messages[0]).toMatchObject({ to: '2348021000001' });
      expect(Date.parse(messages[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(messages[1]!.sentAt));
    }
  });

  it('delivers to any number (the SMS centre does not know subscribers) and keeps inboxes apart', async () => {
    await send('8031234567', 'hello');
    const res = await sb.app.inject({ method: 'GET', url: '/sandbox/sms?to=08031234567' });
    expect(res.json()).toEqual([expect.objectContaining({ to: '2348031234567', text: 'hello' })]);
    const empty = await sb.app.inject({ method: 'GET', url: '/sandbox/sms?to=8021000004' });
    expect(empty.json()).toEqual([]);
  });

  it('rejects bad requests', async () => {
    expect((await send('12345', 'x')).statusCode).toBe(400);
    expect((await send('8021000001', '')).statusCode).toBe(400);
    expect((await sb.app.inject({ method: 'GET', url: '/sandbox/sms' })).statusCode).toBe(400);
  });
});

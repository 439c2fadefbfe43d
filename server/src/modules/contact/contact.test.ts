import { PATHS, type ContactMessageResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';

type Envelope<T> = { statusCode: string; status: string; message: string; result: T };
type FormErrors = { result: { errors: Record<string, { code: string; message: string }> } | null };

describe.each(testDatabases())('Contact Us form on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const send = (data: Record<string, string>, language = 'en') =>
    portal.request<Envelope<ContactMessageResult> & FormErrors>('POST', PATHS.contactMessage, {
      language,
      data,
    });
  const good = {
    fullName: 'Ada Obi',
    mobileNumber: '8021000001',
    email: 'ada@example.com',
    topic: 'bills',
    message: 'My bill shows a charge twice this month.',
  };

  it('stores a message checked with the schema of the content page, and answers its reference', async () => {
    const { status, body } = await send({ ...good, message: `  ${good.message}  ` });
    expect(status).toBe(200);
    expect(body.result.reference).toMatch(/^CNT[0-9A-Z]{16}$/);
    const rows = await portal.db.sql.query<Record<string, string>>(
      'select opco, language, full_name, msisdn, email, topic, message from contact_messages where id = $1',
      [body.result.reference],
    );
    expect(rows.rows[0]).toEqual({
      opco: 'NG',
      language: 'en',
      full_name: 'Ada Obi',
      msisdn: '2348021000001',
      email: 'ada@example.com',
      topic: 'bills',
      message: good.message,
    });
  });

  it("refuses bad input with the form's own messages per field, in the page's language", async () => {
    const { status, body } = await send({
      fullName: 'A',
      mobileNumber: '12345',
      email: 'not-an-email',
      topic: 'free-sim',
      message: '',
    });
    expect(status).toBe(400);
    expect(body.result?.errors).toMatchObject({
      fullName: { code: 'minLength', message: 'Full name must be at least 3 characters' },
      mobileNumber: { message: 'Invalid Mobile No' },
      email: { message: 'Invalid Email Id' },
      topic: { code: 'invalid' },
      message: { code: 'required', message: 'Your message is required' },
    });
    const sw = await send({ ...good, message: '' }, 'sw');
    expect(sw.body.result?.errors['message']?.message).toBe('Ujumbe wako is required');
    const count = await portal.db.sql.query<{ n: number }>('select count(*)::int as n from contact_messages');
    expect(count.rows[0]?.n).toBe(1);
  });

  it('takes the email as optional; a number with its national 0 is not the 10 digits asked for', async () => {
    const { email: _email, ...withoutEmail } = good;
    const stored = await send(withoutEmail);
    expect(stored.status).toBe(200);
    const row = await portal.db.sql.query<{ email: string | null }>(
      'select email from contact_messages where id = $1',
      [stored.body.result.reference],
    );
    expect(row.rows[0]?.email).toBeNull();
    const national = await send({ ...good, mobileNumber: '08021000001' });
    expect(national.status).toBe(400);
    expect(Object.keys(national.body.result?.errors ?? {})).toEqual(['mobileNumber']);
  });
});

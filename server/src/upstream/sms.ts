import { createHttpClient } from './http.js';

/** Port to the SMS centre. Texts may carry one-time codes, so callers never log them. */
export interface SmsPort {
  send(to: string, text: string): Promise<void>;
}

export function createHttpSms(options: { baseUrl: () => string; timeoutMs: number }): SmsPort {
  const http = createHttpClient({ service: 'sms', ...options });
  return {
    async send(to, text) {
      await http('POST', '/messages', { to, text });
    },
  };
}

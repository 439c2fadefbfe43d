import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ConfigProvider } from '@/lib/config';
import type { I18n } from '@/lib/i18n';
import { AppToaster } from '@/ui/toast';

/**
 * The query cache, the texts and the configuration: the browser's for the visit, or the server's for one
 * request.
 */
export function AppProvider({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>
          {children}
          <AppToaster />
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

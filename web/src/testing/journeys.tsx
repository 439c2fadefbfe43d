import { PATHS } from '@portal/contract/paths';
import type { ConfigData } from '@portal/contract/api/config';
import { addCatalogue } from '@/lib/i18n';
import { pages } from '@/testing/catalogues';
import { configData } from '@/testing/fixtures';
import { createTestQueryClient, ok, type JsonRoute } from '@/testing/test-utils';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { ConfigProvider } from '@/lib/config';
import { i18n } from '@/lib/i18n';

/** Test helpers of the purchase journeys: their catalogue, the content and config answers, failures. */
export const journeyCatalogue = (pages.en?.['recharge-translation'] ?? {}) as Record<string, string>;
addCatalogue('en', journeyCatalogue);

export function contentAndConfig(config: Partial<ConfigData> = {}): Record<string, JsonRoute> {
  return {
    [PATHS.config]: () => ok({ configData: { ...configData, ...config } }),
    [PATHS.activePackage]: (url) => {
      const page = url.searchParams.get('pageUrl') ?? '';
      const lang = url.searchParams.get('lang') ?? 'en';
      return ok({ pageUrl: page, language: lang, packageHtml: JSON.stringify(pages[lang]?.[page] ?? {}) });
    },
  };
}

export { failure } from './answers';

export const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

/** Renders synchronously (a declarative MemoryRouter): for tests on fake timers. */
export function renderSync(ui: ReactElement, path = '/') {
  const queryClient = createTestQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}

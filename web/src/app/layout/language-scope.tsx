import { lazy, Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { useLanguages } from '@/lib/language';

const About = lazy(() => import('../routes/about').then((m) => ({ default: m.AboutRoute })));

/**
 * The `:lang` route: '/sw/...' renders the same pages as '/...'. A first segment that is not a configured
 * language prefix is an unknown path, which shows the catch-all (About).
 */
export function LanguageScope() {
  const { lang } = useParams();
  const languages = useLanguages();
  const known = languages.some((l) => l.prefix && l.prefix.replace(/^\/|\/$/g, '') === lang);
  if (known) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <About />
    </Suspense>
  );
}

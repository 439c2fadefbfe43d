import { NotFoundPage } from '@/features/about/components/not-found-page';

export function NotFoundRoute() {
  return <NotFoundPage />;
}

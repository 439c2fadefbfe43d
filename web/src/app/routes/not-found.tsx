import { NotFoundPage } from '@/features/about/components/not-found-page';

export const Component = NotFoundPage;

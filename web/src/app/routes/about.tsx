import { AboutPage } from '@/features/about/components/about-page';

export const Component = AboutPage;

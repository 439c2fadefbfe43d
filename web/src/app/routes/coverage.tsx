import { CATALOGUE, CoveragePage } from '@/features/coverage/components/coverage-page';
import { prefetchCoverageOfUrl } from '@/features/coverage/api/get-sites';
import type { PageData } from '../page-data';

export const Component = CoveragePage;
export const data: PageData = { catalogues: [CATALOGUE], prefetch: prefetchCoverageOfUrl };

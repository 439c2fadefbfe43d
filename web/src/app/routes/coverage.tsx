import { CATALOGUE, CoveragePage } from '@/features/coverage/components/coverage-page';
import type { PageData } from '../page-data';

export const Component = CoveragePage;
export const data: PageData = { catalogues: [CATALOGUE] };

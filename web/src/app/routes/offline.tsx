import { OfflinePage } from '@/features/offline/components/offline-page';

export const Component = OfflinePage;

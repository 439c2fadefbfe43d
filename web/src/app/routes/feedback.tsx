import { FEEDBACK_CATALOGUE, FeedbackPage } from '@/features/contact/components/feedback-page';
import type { PageData } from '../page-data';

export const Component = FeedbackPage;
export const data: PageData = { catalogues: [FEEDBACK_CATALOGUE] };

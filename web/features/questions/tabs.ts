import { z } from 'zod';

/** Q1: the tabs of a question's edition, in their order; the open one is in the URL (`?tab=`). */
export const QUESTION_TABS = [
  'settings',
  'pairing',
  'permissions',
  'choices',
  'standardValues',
  'groups',
  'roles',
] as const;
export type QuestionTab = (typeof QUESTION_TABS)[number];

export const questionEditionSearch = z.object({
  tab: z.enum(QUESTION_TABS).optional().catch(undefined),
});

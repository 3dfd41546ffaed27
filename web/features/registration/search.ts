import { z } from 'zod';

/**
 * The registration page's URL (issue 20): its tab (`?tab=payments|categories|taxes|settings|promo-codes|page`) and the
 * payment open in the side edition panel (`&payment=<id>`, R1). Anything unreadable falls back to the default.
 */
export const REGISTRATION_TABS = [
  'payments',
  'categories',
  'taxes',
  'settings',
  'promo-codes',
  'page',
] as const;
export type RegistrationTab = (typeof REGISTRATION_TABS)[number];

export const registrationSearch = z.object({
  tab: z.enum(REGISTRATION_TABS).optional().catch(undefined),
  payment: z.uuid().optional().catch(undefined),
});
export type RegistrationSearch = z.infer<typeof registrationSearch>;

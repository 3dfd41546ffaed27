/** T1 the values of the report's choice filters, without zod: the router's URL state reads them on every page. */

/** What the payment filter matches: a paid sale, a courtesy one, or neither. */
export const REPORT_PAYMENTS = ['paid', 'unpaid', 'courtesy'] as const;
/** How the sale was paid (payment_requests.source): by card (Stripe) or entered by the organiser. */
export const REPORT_PAYMENT_SOURCES = ['card', 'manual'] as const;
/** B2B: with at least one meeting (a B2B session's or a pairing's), or without any. */
export const REPORT_B2B = ['withMeetings', 'withoutMeetings'] as const;
export const REPORT_YES_NO = ['yes', 'no'] as const;
/** The activity types (contracts/activity-list.ts's ACTIVITY_TYPES: report-filters.ts checks they are the same). */
export const REPORT_ACTIVITY_TYPES = ['session', 'kiosk', 'media', 'posting', 'forum', 'meeting'] as const;
/** The spec's cost type: what a paid or courtesy sale bought, a registration or an activity (payments.kind). */
export const REPORT_COST_TYPES = ['registration', 'activity'] as const;

import { listSearchSchema } from '../../components/data-table/list-search';

/** The pairing list's URL (P5): kept small, the router reads it on the first page. */
export const pairingSearch = listSearchSchema(['name', 'createdAt'] as const);

import { activityKind } from '../activity-import/kind';
import { participantKind } from '../participant-import/participant-kind';
import type { ImportKind, ImportKindName } from './kind';
import type { ImportState } from './state';

/** The kinds of import the engine runs, by name. */
const KINDS: Record<ImportKindName, ImportKind> = {
  participants: participantKind,
  activities: activityKind,
};

export const kindNamed = (name: ImportKindName): ImportKind => KINDS[name];

/** The kind of an import (a state written before activities could be imported: participants). */
export const kindOf = (state: Pick<ImportState, 'kind'>): ImportKind => KINDS[state.kind ?? 'participants'];

import { registerTextKind } from '../texts/kinds';
import { findActivityOfCompany } from './repository';

/** The activity's description (V4 configuration): a rich text in French and English, with the full toolbar. */
export const ACTIVITY_DESCRIPTION = 'activity.description';

registerTextKind({
  kind: ACTIVITY_DESCRIPTION,
  format: 'rich',
  editorType: 1,
  maxLength: 0,
  tagGroups: [],
  scope: async (deps, auth, ownerId) => {
    const activity = await findActivityOfCompany(deps.db, auth.companyId, ownerId);
    return activity ? { companyId: auth.companyId, projectId: activity.projectId } : null;
  },
});

import { projectScope, registerTextKind } from '../texts/kinds';

/**
 * V2: the name of the default menu, under which participants find the activities without a section; a plain text
 * in French and English owned by the project. Both languages empty: the switch is off.
 */
export const ACTIVITY_DEFAULT_MENU = 'activity.defaultMenu';

registerTextKind({
  kind: ACTIVITY_DEFAULT_MENU,
  format: 'plain',
  editorType: 0,
  maxLength: 100,
  tagGroups: [],
  scope: projectScope,
});

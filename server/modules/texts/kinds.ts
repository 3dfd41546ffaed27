import { EDITOR_MAX_LENGTH } from '../../../contracts/texts';
import type { Deps } from '../../deps';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import type { TextScope } from './repository';

/**
 * A kind of text: what it belongs to, how it is written (plain: tags stripped; rich: sanitised HTML) and edited
 * (editor type, visible-length limit, merge-tag groups). A module declares its kinds with `registerTextKind` and
 * the generic text endpoints (E1 inline, E2 modal) then serve them. See docs/kit/rich-text.md.
 */
export interface TextKind {
  kind: string;
  format: 'plain' | 'rich';
  /** E3: 0–5. Plain texts are edited in a plain field whatever this says. */
  editorType: 0 | 1 | 2 | 3 | 4 | 5;
  /** Visible characters at most; 0 means 500000. */
  maxLength: number;
  /** E5: merge-tag groups the editor offers. */
  tagGroups: number[];
  /**
   * Where the text of this owner belongs, once the caller is known to be allowed to see the owner; null when the
   * owner is not found in the caller's company (the endpoints answer 404).
   */
  scope(deps: Deps, auth: AuthContext, ownerId: string): Promise<TextScope | null>;
  /** Shown but not editable (the web does not open an editor; the server refuses to save). */
  readOnly?: boolean;
  /** Listed in the project settings' Texts tab, with the project as its owner. */
  projectSetting?: boolean;
}

const kinds = new Map<string, TextKind>();

export function registerTextKind(kind: TextKind) {
  if (kinds.has(kind.kind)) throw new Error(`Text kind declared twice: ${kind.kind}`);
  kinds.set(kind.kind, kind);
}

export function findTextKind(kind: string): TextKind | undefined {
  return kinds.get(kind);
}

export function projectSettingKinds(): TextKind[] {
  return [...kinds.values()].filter((k) => k.projectSetting);
}

export const effectiveMaxLength = (kind: TextKind) => kind.maxLength || EDITOR_MAX_LENGTH;

/** The owner is a project of the caller's company. */
export async function projectScope(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
): Promise<TextScope | null> {
  const project = await findProject(deps.db, auth.companyId, projectId);
  return project ? { companyId: project.companyId, projectId: project.id } : null;
}

// ---------- the project's own texts ----------

registerTextKind({
  kind: 'project.welcome',
  format: 'rich',
  editorType: 4,
  maxLength: 0,
  tagGroups: [1, 2, 3, 4],
  scope: projectScope,
  projectSetting: true,
});

registerTextKind({
  kind: 'project.registrationConfirmation',
  format: 'rich',
  editorType: 2,
  maxLength: 0,
  tagGroups: [1, 2, 3, 4],
  scope: projectScope,
  projectSetting: true,
});

registerTextKind({
  kind: 'project.emailSignature',
  format: 'rich',
  editorType: 2,
  maxLength: 1000,
  tagGroups: [2],
  scope: projectScope,
  projectSetting: true,
});

registerTextKind({
  kind: 'project.tagline',
  format: 'plain',
  editorType: 0,
  maxLength: 200,
  tagGroups: [],
  scope: projectScope,
  projectSetting: true,
});

import type { Language, ListParams } from '../../../contracts/http';
import { PROJECT_OPTIONS, resolveOptions } from '../../../contracts/project-options';
import type { ProjectValues } from '../../../contracts/projects';
import type { Executor } from '../../db/client';
import { projects } from '../../db/schema';
import { claimVersion } from '../../db/versioned-update';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { reachableProjectIds } from '../../policies';
import { grantNewProjectToCreator } from '../access/service';
import { auditTrail, changedFields } from '../audit/record';
import { deleteCompanyFile } from '../files/repository';
import { removeStoredBytes } from '../files/service';
import type { AuthContext } from '../session/auth-context';
import { updateUser } from '../users/repository';
import * as repo from './repository';

export const present = (row: repo.ProjectRow) => ({
  ...row,
  defaultLanguage: row.defaultLanguage as Language,
  languages: row.languages as Language[],
});

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
export const auditProject = auditTrail('project');
/** A project made (here or by the wizard): one event, on that project. */
export const auditCreated = (tx: Executor, auth: AuthContext, row: repo.ProjectRow) =>
  auditProject(tx, auth, { action: 'create', projectId: row.id, entityId: row.id, label: row.nameFr });
/** A project's configuration saved: the names of its fields that changed. */
const auditUpdated = (tx: Executor, auth: AuthContext, before: repo.ProjectRow, after: repo.ProjectRow) =>
  auditProject(tx, auth, {
    action: 'update',
    projectId: after.id,
    entityId: after.id,
    label: after.nameFr,
    fields: changedFields(before, after),
  });

/** Saves a part of the project's configuration and records it, in one transaction. */
function saveAudited(deps: Deps, auth: AuthContext, id: string, patch: Partial<repo.ProjectRow>) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findProject(tx, auth.companyId, id);
    const row = before && (await repo.updateProject(tx, auth.companyId, id, patch));
    if (!before || !row) throw AppError.notFound();
    await auditUpdated(tx, auth, before, row);
    return present(row);
  });
}

export async function listProjects(
  deps: Deps,
  auth: AuthContext,
  params: ListParams & { status: 'all' | 'active' | 'inactive' },
) {
  const page = await repo.listProjects(deps.db, auth.companyId, {
    ...params,
    language: auth.locale,
    onlyIds: reachableProjectIds(auth),
  });
  return { ...page, items: page.items.map(present) };
}

export async function getProject(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findProject(deps.db, auth.companyId, id);
  if (!row) throw AppError.notFound();
  return present(row);
}

/** J1 selection: the project the user works on (the menu and later pages follow it), remembered across sessions. */
export async function selectProject(deps: Deps, auth: AuthContext, id: string) {
  await getProject(deps, auth, id);
  await updateUser(deps.db, auth.userId, { lastProjectId: id });
}

export async function createProject(deps: Deps, auth: AuthContext, input: ProjectValues) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertProject(tx, { ...input, companyId: auth.companyId });
    await grantNewProjectToCreator(tx, auth, row.id, deps.now());
    await auditCreated(tx, auth, row);
    return present(row);
  });
}

export async function updateProject(
  deps: Deps,
  auth: AuthContext,
  id: string,
  { version, ...input }: ProjectValues,
) {
  return deps.db.transaction(async (tx) => {
    // RS4: the general tab's save claims the project (docs/conflicts.md).
    await claimVersion(tx, auth, { table: projects, id }, version);
    const current = await repo.findProject(tx, auth.companyId, id);
    if (!current) throw AppError.notFound();
    // Without the list of languages (a J1 caller), the default language must be one of those saved.
    if (!input.languages && !current.languages.includes(input.defaultLanguage)) {
      throw AppError.field('defaultLanguage', 'validation.projectConfig.defaultLanguageNotSpoken');
    }
    const row = await repo.updateProject(tx, auth.companyId, id, input);
    if (!row) throw AppError.notFound();
    await auditUpdated(tx, auth, current, row);
    return present(row);
  });
}

/** Ids of another company's projects are simply not counted. */
export async function setManyActivation(deps: Deps, auth: AuthContext, ids: string[], isActive: boolean) {
  return deps.db.transaction(async (tx) => {
    const updated = await repo.setProjectsActive(tx, auth.companyId, ids, isActive);
    // A bulk change of the company's projects: one event with its count.
    await auditProject(tx, auth, { action: 'update', fields: ['isActive'], count: updated });
    return { updated };
  });
}

export async function setActivation(deps: Deps, auth: AuthContext, id: string, isActive: boolean) {
  return saveAudited(deps, auth, id, { isActive });
}

// ---------- J3: options, automatic notifications, colours, branding ----------

/** Every option with its stored value (the default when never saved). Opposite meanings are the screen's affair. */
export async function listOptions(deps: Deps, auth: AuthContext, projectId: string) {
  await getProject(deps, auth, projectId);
  return { items: resolveOptions(await repo.listOptionValues(deps.db, projectId)) };
}

export async function setOption(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  optionId: number,
  value: boolean,
) {
  await deps.db.transaction(async (tx) => {
    const project = await repo.findProject(tx, auth.companyId, projectId);
    if (!project) throw AppError.notFound();
    await repo.saveOptionValues(tx, projectId, [{ optionId, value }]);
    const key = PROJECT_OPTIONS.find((o) => o.id === optionId)?.key ?? String(optionId);
    const fields = [`options.${key}`];
    await auditProject(tx, auth, {
      action: 'update',
      projectId,
      entityId: projectId,
      label: project.nameFr,
      fields,
    });
  });
  return { id: optionId, value };
}

export async function setAutoNotification(
  deps: Deps,
  auth: AuthContext,
  id: string,
  autoNotification: boolean,
) {
  return saveAudited(deps, auth, id, { autoNotification });
}

type Colours = Partial<
  Pick<
    repo.ProjectRow,
    | 'bannerBackgroundColor'
    | 'bannerTextColor'
    | 'homeBackgroundColor'
    | 'menuBackgroundColor'
    | 'menuTextColor'
  >
>;

/** Saves the colours sent; the others keep their value. */
export async function setColours(deps: Deps, auth: AuthContext, id: string, colours: Colours) {
  const patch = Object.fromEntries(Object.entries(colours).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length === 0) return getProject(deps, auth, id);
  return saveAudited(deps, auth, id, patch);
}

export interface Branding {
  logoFileId?: string | null;
  bannerFileId?: string | null;
}

const BRANDING_PURPOSE = { logoFileId: 'project.logo', bannerFileId: 'project.banner' } as const;

/**
 * The images sent, each checked: an image of the company, stored for its purpose, free or already this project's
 * (`projectId` null: free only, for a project still to be made). One not found is refused under its field.
 */
export async function checkBranding(
  db: Executor,
  companyId: string,
  projectId: string | null,
  branding: Branding,
): Promise<Branding> {
  const patch: Branding = {};
  for (const field of ['logoFileId', 'bannerFileId'] as const) {
    const fileId = branding[field];
    if (fileId === undefined) continue;
    if (fileId !== null) {
      const file = await repo.findBrandingFile(db, companyId, fileId, BRANDING_PURPOSE[field], projectId);
      if (!file) throw AppError.field(field, 'validation.projectConfig.image');
    }
    patch[field] = fileId;
  }
  return patch;
}

/**
 * Points the project's logo and banner at images of the company stored for that purpose (ImageField, purposes
 * `project.logo` and `project.banner`); an image not found is refused under its field. Images uploaded before the
 * project existed (in the wizard) become the project's. Runs inside the caller's transaction.
 */
export async function applyBranding(db: Executor, companyId: string, projectId: string, branding: Branding) {
  const patch = await checkBranding(db, companyId, projectId, branding);
  const fileIds = [patch.logoFileId, patch.bannerFileId].filter((v): v is string => !!v);
  await repo.attachFiles(db, companyId, projectId, fileIds);
  if (Object.keys(patch).length === 0) return repo.findProject(db, companyId, projectId);
  return repo.updateProject(db, companyId, projectId, patch);
}

/** J3: sets the logo and banner; an image replaced or removed is deleted with it (its bytes once committed). */
export async function setBranding(deps: Deps, auth: AuthContext, id: string, branding: Branding) {
  const { row, replaced } = await deps.db.transaction(async (tx) => {
    const before = await repo.findProject(tx, auth.companyId, id);
    if (!before) throw AppError.notFound();
    const row = await applyBranding(tx, auth.companyId, id, branding);
    if (!row) throw AppError.notFound();
    const replaced: string[] = [];
    for (const field of ['logoFileId', 'bannerFileId'] as const) {
      const previous = before[field];
      if (previous && previous !== row[field]) {
        const gone = await deleteCompanyFile(tx, auth.companyId, previous);
        if (gone) replaced.push(gone.storageKey);
      }
    }
    await auditUpdated(tx, auth, before, row);
    return { row, replaced };
  });
  await removeStoredBytes(deps, replaced);
  return present(row);
}

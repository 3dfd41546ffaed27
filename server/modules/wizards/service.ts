import { MODULE_OPTIONS } from '../../../contracts/project-options';
import type { ProjectWizardStepInput, ProjectWizardValues } from '../../../contracts/wizards';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { grantNewProjectToCreator } from '../access/service';
import * as projects from '../projects/repository';
import { applyBranding, auditCreated, checkBranding, present } from '../projects/service';
import type { AuthContext } from '../session/auth-context';

/**
 * P10: a step of the new-project wizard, already checked by its schema; the branding step's images must also be
 * the company's, uploaded for their purpose. Saves nothing.
 */
export async function validateProjectStep(deps: Deps, auth: AuthContext, step: ProjectWizardStepInput) {
  if (step.step === 'branding') {
    await checkBranding(deps.db, auth.companyId, null, {
      logoFileId: step.logoFileId ?? null,
      bannerFileId: step.bannerFileId ?? null,
    });
  }
  return { ok: true as const };
}

/**
 * P10, type 1: the new project, its modules (every module saved on or off) and its logo and banner, in one
 * transaction: if any part fails (an image not found, a constraint), nothing is created.
 */
export async function createProject(deps: Deps, auth: AuthContext, input: ProjectWizardValues) {
  const { modules, logoFileId, bannerFileId, ...fields } = input;
  return deps.db.transaction(async (tx) => {
    const created = await projects.insertProject(tx, { ...fields, companyId: auth.companyId });
    await grantNewProjectToCreator(tx, auth, created.id, deps.now());
    await projects.saveOptionValues(
      tx,
      created.id,
      MODULE_OPTIONS.map((o) => ({ optionId: o.id, value: modules.includes(o.id) })),
    );
    const row = await applyBranding(tx, auth.companyId, created.id, { logoFileId, bannerFileId });
    if (!row) throw AppError.notFound();
    await auditCreated(tx, auth, row);
    return present(row);
  });
}

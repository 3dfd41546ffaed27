import type { HelpScreen, HelpValues } from '../../../contracts/help';
import { type Localized, missingLanguages } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { AuthContext } from '../session/auth-context';
import { getCurrentUser } from '../session/service';
import { EMPTY_TEXT, getTexts, saveText, type TextScope } from '../texts/repository';
import * as repo from './repository';

/** E10: help texts belong to the product, not to a company or a project. */
const PRODUCT_WIDE: TextScope = { companyId: null, projectId: null };
export const HELP_TITLE = 'help.title';
export const HELP_DESCRIPTION = 'help.description';

async function loadEdition(db: Executor, screen: HelpScreen) {
  const row = await repo.findHelpByScreen(db, screen);
  if (!row) {
    return {
      screen,
      title: { ...EMPTY_TEXT },
      description: { ...EMPTY_TEXT },
      isActive: true,
      exists: false,
    };
  }
  const [titles, descriptions] = await Promise.all([
    getTexts(db, HELP_TITLE, [row.id]),
    getTexts(db, HELP_DESCRIPTION, [row.id]),
  ]);
  return {
    screen,
    title: titles.get(row.id) ?? { ...EMPTY_TEXT },
    description: descriptions.get(row.id) ?? { ...EMPTY_TEXT },
    isActive: row.isActive,
    exists: true,
  };
}

const isBlank = (text: Localized) => missingLanguages(text).length === 2;

/** What every user reads: nothing when the help is inactive or empty in both languages. */
export async function getScreenHelp(deps: Deps, screen: HelpScreen) {
  const edition = await loadEdition(deps.db, screen);
  const shown =
    edition.exists && edition.isActive && !(isBlank(edition.title) && isBlank(edition.description));
  return { screen, help: shown ? { title: edition.title, description: edition.description } : null };
}

export async function getHelpEdition(deps: Deps, screen: HelpScreen) {
  return loadEdition(deps.db, screen);
}

/** Writes the help of a screen (the caller gives the transaction); also used by the demo seed. */
export async function writeHelp(db: Executor, input: HelpValues) {
  const id = await repo.upsertHelp(db, input.screen, input.isActive);
  await saveText(db, PRODUCT_WIDE, HELP_TITLE, id, input.title);
  await saveText(db, PRODUCT_WIDE, HELP_DESCRIPTION, id, input.description);
}

/** Super-admins only (the route says so): both languages at once, with the active flag. */
export async function saveHelp(deps: Deps, input: HelpValues) {
  await deps.db.transaction((tx) => writeHelp(tx, input));
  return loadEdition(deps.db, input.screen);
}

export async function setTextEditionMode(deps: Deps, auth: AuthContext, enabled: boolean) {
  await repo.setTextEditionMode(deps.db, auth.userId, enabled);
  return getCurrentUser(deps, auth);
}

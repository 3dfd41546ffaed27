import type { Executor } from '../db/client';
import { mailTemplates } from '../db/schema';
import { findFirstDemoProject } from './groups';

/** A merge-tag chip as the editor writes it (contracts/merge-tags.ts); its text is only a label for the reader. */
const tag = (id: string, label: string) => `<span data-merge-tag="${id}" class="merge-tag">${label}</span>`;

/**
 * C3: two bilingual message templates in the first demo project, one with merge tags (names, project, programme,
 * support e-mail), one without. Owner: mail-templates (docs/campaigns/templates.md).
 */
export async function seedMailTemplates(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const scope = { companyId: project.companyId, projectId: project.id };
  await db.insert(mailTemplates).values([
    {
      ...scope,
      name: 'Rappel de la veille',
      subjectFr: 'C’est demain : votre programme',
      subjectEn: 'It’s tomorrow: your programme',
      bodyFr: [
        `<p>Bonjour ${tag('firstName', 'Prénom')},</p>`,
        `<p>${tag('projectName', 'Nom du projet')} commence demain. Voici votre programme :</p>`,
        `<p>${tag('program', 'Programme')}</p>`,
        `<p>Une question? Écrivez-nous à ${tag('supportEmail', 'Courriel du soutien')}.</p>`,
        '<p>À demain!</p>',
      ].join(''),
      bodyEn: [
        `<p>Hello ${tag('firstName', 'First name')},</p>`,
        `<p>${tag('projectName', 'Project name')} starts tomorrow. Here is your programme:</p>`,
        `<p>${tag('program', 'Program')}</p>`,
        `<p>Any question? Write to us at ${tag('supportEmail', 'Support e-mail')}.</p>`,
        '<p>See you tomorrow!</p>',
      ].join(''),
    },
    {
      ...scope,
      name: 'Merci de votre participation',
      subjectFr: 'Merci d’avoir participé!',
      subjectEn: 'Thank you for taking part!',
      bodyFr:
        '<p>Bonjour,</p><p>Merci d’avoir participé à notre événement. Vos rencontres ont fait sa réussite : ' +
        'nous espérons vous revoir à la prochaine édition.</p><p>L’équipe organisatrice</p>',
      bodyEn:
        '<p>Hello,</p><p>Thank you for taking part in our event. Your meetings made it a success: ' +
        'we hope to see you again next time.</p><p>The organising team</p>',
    },
  ]);
}

import { z } from 'zod';
import { campaignDraft } from './campaigns';
import { defineEndpoint, listQuery, listResponse, ok, timestamp, uuidParam } from './http';
import { stripTags } from './texts';

/**
 * C3 message templates (« gabarits »): a named subject and body in French and English, kept per project and
 * imported into a message being written (only while its subject and body are empty). See docs/campaigns/templates.md.
 */

/** 000 §5/§9: a template's name is longer than 3 and shorter than 200 characters, once trimmed. */
export const TEMPLATE_NAME_MIN = 4;
export const TEMPLATE_NAME_MAX = 199;
const nameRule = 'validation.mailTemplates.name';

/** The name: tags stripped and trimmed like any plain text, then 4 to 199 characters (one message for both ends). */
export const templateName = z
  .string({ error: nameRule })
  .transform(stripTags)
  .pipe(z.string().min(TEMPLATE_NAME_MIN, { error: nameRule }).max(TEMPLATE_NAME_MAX, { error: nameRule }));

/** A template: its name, and the subject (plain text) and body (rich text, merge tags kept) in both languages. */
export const mailTemplateInput = campaignDraft.extend({ name: templateName });
export type MailTemplateInput = z.input<typeof mailTemplateInput>;
export type MailTemplateValues = z.output<typeof mailTemplateInput>;

/** A row of the list: what the table and the import select show (the body is read with the template). */
export const mailTemplateSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.object({ fr: z.string(), en: z.string() }),
  createdAt: timestamp,
});
export type MailTemplateSummary = z.input<typeof mailTemplateSummary>;

export const mailTemplate = mailTemplateSummary.extend({
  body: z.object({ fr: z.string(), en: z.string() }),
});
export type MailTemplate = z.input<typeof mailTemplate>;

// ---------- endpoints ----------

const tag = 'mail-templates';
const projectParams = z.object({ projectId: uuidParam });
const templateParams = projectParams.extend({ templateId: uuidParam });

export const mailTemplateSortable = ['name', 'createdAt'] as const;

export const listMailTemplates = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/mail-templates',
  access: 'user',
  tag,
  summary:
    'C3 the message templates of a project, by name unless another sort is asked (search over names and subjects)',
  params: projectParams,
  query: listQuery(mailTemplateSortable),
  response: listResponse(mailTemplateSummary),
});

export const getMailTemplate = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/mail-templates/:templateId',
  access: 'user',
  tag,
  summary: 'C3 one message template with its subject and body in both languages',
  params: templateParams,
  response: mailTemplate,
});

export const createMailTemplate = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/mail-templates',
  access: 'user',
  tag,
  summary: 'C3 add a message template (name of 4 to 199 characters; bodies sanitised like every rich text)',
  params: projectParams,
  body: mailTemplateInput,
  response: mailTemplate,
});

export const updateMailTemplate = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/mail-templates/:templateId',
  access: 'user',
  tag,
  summary: 'C3 edit a message template: its name, subjects and bodies',
  params: templateParams,
  body: mailTemplateInput,
  response: mailTemplate,
});

export const deleteMailTemplate = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/mail-templates/:templateId',
  access: 'user',
  tag,
  summary: 'C3 delete a message template (messages already written from it keep their text)',
  params: templateParams,
  response: ok,
});

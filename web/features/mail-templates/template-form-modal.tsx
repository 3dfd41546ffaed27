import { Center, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUBJECT_MAX } from '../../../contracts/campaigns';
import {
  type MailTemplate,
  type MailTemplateSummary,
  mailTemplateInput,
  TEMPLATE_NAME_MAX,
} from '../../../contracts/mail-templates';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useFormEditors } from '../../components/rich-text/form-editors';
import { mailTemplateQuery, useSaveMailTemplate } from './api';

/** E5: the merge-tag groups a template offers (names, project and support e-mails, links, pages, QR code). */
export const TEMPLATE_TAG_GROUPS = [1, 2, 3, 4, 5];

/**
 * C3: add a template, or edit one (its bodies are read first): the name (4 to 199 characters), then the subject and
 * the body in French and in English, the bodies in the editor with the merge-tag menu.
 */
export function TemplateFormModal({
  projectId,
  template,
  onClose,
}: {
  projectId: string;
  /** The row to edit; null adds a template. */
  template: MailTemplateSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const full = useQuery({ ...mailTemplateQuery(projectId, template?.id ?? ''), enabled: !!template });
  const title = template
    ? t('mailTemplates.editTitle', { name: template.name })
    : t('mailTemplates.addTitle');
  if (template && !full.data) {
    return (
      <AppModal opened onClose={onClose} size="xl" title={title}>
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      </AppModal>
    );
  }
  return <TemplateForm projectId={projectId} template={full.data ?? null} title={title} onClose={onClose} />;
}

function TemplateForm({
  projectId,
  template,
  title,
  onClose,
}: {
  projectId: string;
  template: MailTemplate | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMailTemplate(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: mailTemplateInput,
    initialValues: {
      name: template?.name ?? '',
      subject: template ? { ...template.subject } : { fr: '', en: '' },
      body: template ? { ...template.body } : { fr: '', en: '' },
    },
    submit: (body) => save.mutateAsync({ templateId: template?.id ?? null, body }),
    successMessage: t(template ? 'mailTemplates.notifications.saved' : 'mailTemplates.notifications.created'),
    onSaved: onClose,
  });

  const { editor, tooLong } = useFormEditors(field);
  const body = (language: 'fr' | 'en') =>
    editor(`body.${language}`, {
      label: t(language === 'fr' ? 'mailTemplates.fields.bodyFr' : 'mailTemplates.fields.bodyEn'),
      editorType: 2,
      tagGroups: TEMPLATE_TAG_GROUPS,
      projectId,
    });

  return (
    <AppModal opened onClose={onClose} size="xl" title={title} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate data-testid="template-form">
        <Stack>
          <TextInput
            label={t('mailTemplates.fields.name')}
            description={t('mailTemplates.fields.nameHint')}
            required
            maxLength={TEMPLATE_NAME_MAX}
            data-autofocus
            {...field('name')}
          />
          <TextInput
            label={t('mailTemplates.fields.subjectFr')}
            maxLength={SUBJECT_MAX}
            {...field('subject.fr')}
          />
          {body('fr')}
          <TextInput
            label={t('mailTemplates.fields.subjectEn')}
            maxLength={SUBJECT_MAX}
            {...field('subject.en')}
          />
          {body('en')}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting} disabled={tooLong}>
            {template ? t('common.save') : t('common.create')}
          </SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

import { Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type Project, projectInput } from '../../../contracts/projects';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateProject } from './api';
import { ProjectFormFields } from './project-form-fields';

function today(offsetDays = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return d.toLocaleDateString('en-CA');
}

export function ProjectCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: projectInput,
    initialValues: {
      nameFr: '',
      nameEn: '',
      startsOn: today(30),
      endsOn: today(30),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Toronto',
      defaultLanguage: i18n.language === 'en' ? 'en' : 'fr',
      externalDashboardUrl: '',
    },
    submit: (values) => create.mutateAsync(values),
    successMessage: t('projects.notifications.created'),
    onSaved: (project) => {
      onClose();
      void navigate({ to: '/projects/$projectId', params: { projectId: (project as Project).id } });
    },
  });
  return (
    <AppModal opened={opened} onClose={onClose} title={t('projects.createTitle')} size="lg" dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <ProjectFormFields
          field={field}
          language={form.values.defaultLanguage as 'fr' | 'en'}
          onLanguage={(lang) => form.setFieldValue('defaultLanguage', lang)}
        />
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type Project, projectInput } from '../../../contracts/projects';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateProject } from './api';
import { ProjectForm } from './project-form-fields';

function today(offsetDays = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return d.toLocaleDateString('en-CA');
}

export function ProjectCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const appForm = useAppForm({
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
      // Saved: nothing is lost by leaving, though the guard of the closing modal has not seen it yet.
      void navigate({
        to: '/projects/$projectId',
        params: { projectId: (project as Project).id },
        ignoreBlocker: true,
      });
    },
  });
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('projects.createTitle')}
      size="lg"
      dirty={appForm.dirty}
    >
      <ProjectForm appForm={appForm} submitLabel={t('common.create')} />
    </AppModal>
  );
}

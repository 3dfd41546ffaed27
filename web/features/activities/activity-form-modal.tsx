import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/forms/submit-button';
import { AppModal } from '../../components/modal/app-modal';
import { projectQuery } from '../projects/api';
import { ActivityFormFields, useActivityForm } from './activity-form-fields';
import { HostStepsFieldset, useHostSteps } from './hosts/host-steps';

/**
 * V3: add an activity (titles, type, the no-date toggle hiding the start and the duration, the start as a local time
 * of the project's zone). A start that daylight saving skips is refused under its field; one it repeats shows the
 * server's two instants and asks which. An activity is edited on its page (edition/configuration-tab.tsx), with the
 * same fields (activity-form-fields.tsx).
 */
export function ActivityFormModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return <ActivityForm projectId={projectId} title={t('activities.addTitle')} onClose={onClose} />;
}

function ActivityForm({
  projectId,
  title,
  onClose,
}: {
  projectId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const project = useQuery(projectQuery(projectId));
  // V3: the new host, created right after the activity; when that fails the activity is kept and a new submit saves
  // it again (edit) before trying the host again.
  const hostSteps = useHostSteps(projectId);
  const created = useRef<string | null>(null);
  const { app, ambiguous, setAmbiguous } = useActivityForm({
    projectId,
    activity: undefined,
    successMessage: t('activities.notifications.created'),
    onSaved: onClose,
    persist: async (body, save) => {
      const saved = await save(created.current, body);
      created.current = saved.id;
      await hostSteps.createFor(saved.id);
      return saved;
    },
  });

  return (
    <AppModal opened onClose={onClose} title={title} size="lg" dirty={app.dirty}>
      <form onSubmit={app.onSubmit} noValidate>
        <ActivityFormFields
          app={app}
          projectId={projectId}
          timeZone={project.data?.timeZone}
          ambiguous={ambiguous}
          setAmbiguous={setAmbiguous}
          autoFocus
        >
          <HostStepsFieldset steps={hostSteps} />
        </ActivityFormFields>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={app.submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

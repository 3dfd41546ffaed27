import { Alert, Checkbox, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createParticipantForm, type ParticipantFormOptions } from '../../../contracts/participants';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateParticipant } from './api';
import { ParticipantFormFields, participantFormValues } from './participant-form-fields';
import { ParticipantMediaFields } from './participant-media-fields';

/**
 * U2: add a participant to the project (role required, the project's default role to start with; language the
 * project's default one; the inscription e-mail may be sent at once).
 */
export function ParticipantCreateModal({
  projectId,
  options,
  onClose,
}: {
  projectId: string;
  options: ParticipantFormOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateParticipant(projectId);
  const app = useAppForm({
    schema: createParticipantForm,
    initialValues: { ...participantFormValues(undefined, options), sendInscription: false },
    submit: (body) => create.mutateAsync(body),
    successMessage: t('participants.notifications.created'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t('participants.addTitle')} size="lg" dirty={app.dirty}>
      <form onSubmit={app.onSubmit} noValidate>
        <Stack>
          {options.roles.length === 0 && <Alert color="yellow">{t('participants.noRoles')}</Alert>}
          <ParticipantFormFields app={app} options={options} />
          <ParticipantMediaFields app={app} projectId={projectId} options={options} />
          <Checkbox
            label={t('participants.fields.sendInscription')}
            {...app.field('sendInscription', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={app.submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

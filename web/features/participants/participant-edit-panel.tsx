import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Participant,
  type ParticipantFormOptions,
  participantInput,
} from '../../../contracts/participants';
import { useEditConflict } from '../../components/conflict/edit-conflict';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { LeaveConfirmModal } from '../../components/modal/app-modal';
import { ButtonTo, isPlainClick } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { ParticipantMeetings } from '../b2b/participant-meetings';
import { ParticipantAnswersSection, useParticipantAnswers } from '../questions/participant-answers';
import { participantKeys, participantQuery, useSendInscription, useUpdateParticipant } from './api';
import { ParticipantAgenda } from './participant-agenda';
import { ParticipantCalendarFeed } from './participant-calendar-feed';
import { ParticipantFormFields, participantFormValues } from './participant-form-fields';
import { ParticipantMediaFields } from './participant-media-fields';
import { PersonalPagePanel } from './personal-page-panel';

/**
 * §4: the inscription e-mail button works once per page view: the participants it was sent to since the page was
 * loaded (a reload starts afresh).
 */
const inscriptionSentThisView = new Set<string>();

/** U1: the side edition panel that replaces the list, with a way back. */
export function ParticipantEditPanel({
  projectId,
  participantId,
  options,
  onBack,
}: {
  projectId: string;
  participantId: string;
  options: ParticipantFormOptions;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const participant = useQuery(participantQuery(projectId, participantId));
  if (participant.data) {
    return (
      <ParticipantEditForm
        key={`${participant.data.id}:${participant.data.updatedAt}`}
        projectId={projectId}
        participant={participant.data}
        options={options}
        onBack={onBack}
      />
    );
  }
  return (
    <Stack>
      <BackLink projectId={projectId} />
      {participant.error ? <Alert color="red">{t('common.notFoundBody')}</Alert> : <Loader />}
    </Stack>
  );
}

/**
 * The way back to the list, a link to it (the list's search, sort and filters kept). `onLeave` may hold a plain
 * click (unsaved changes: the panel asks first); a click that opens a new tab leaves this one as it is.
 */
function BackLink({ projectId, onLeave }: { projectId: string; onLeave?: (event: MouseEvent) => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <ButtonTo
        from="/projects/$projectId/participants"
        to="/projects/$projectId/participants"
        params={{ projectId }}
        search={(prev) => ({ ...prev, participant: undefined })}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        onClick={(event) => {
          if (isPlainClick(event)) onLeave?.(event);
        }}
      >
        {t('participants.back')}
      </ButtonTo>
    </Group>
  );
}

function ParticipantEditForm({
  projectId,
  participant,
  options,
  onBack,
}: {
  projectId: string;
  participant: Participant;
  options: ParticipantFormOptions;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const update = useUpdateParticipant(projectId);
  const send = useSendInscription(projectId);
  const [sent, setSent] = useState(inscriptionSentThisView.has(participant.id));
  const [leaving, setLeaving] = useState(false);
  const answers = useParticipantAnswers(projectId, participant.id);
  const queryClient = useQueryClient();
  // RS4: a save over someone else's offers to reload (the panel is drawn anew from what was saved).
  const conflict = useEditConflict({
    reload: () => queryClient.invalidateQueries({ queryKey: participantKeys.one(projectId, participant.id) }),
  });
  const app = useAppForm({
    schema: participantInput,
    initialValues: { ...participantFormValues(participant), version: participant.version },
    onError: conflict.onError,
    // Q1: the questionnaire's answers are saved with the panel, first (their refusals show under their question).
    submit: async (body) => {
      await answers.save();
      return update.mutateAsync({ participantId: participant.id, body });
    },
    successMessage: t('participants.notifications.saved'),
  });
  const sendInscription = () => {
    inscriptionSentThisView.add(participant.id);
    setSent(true);
    // Through the promise, not the mutation's own callback: the panel is drawn anew once the participant (its
    // inscription date) is read again, and a callback of the panel it was started from would never run.
    send
      .mutateAsync(participant.id)
      .then(({ queued }) =>
        notifications.show({
          color: queued ? 'teal' : 'blue',
          message: queued ? t('participants.inscription.sent') : t('participants.inscription.alreadySent'),
        }),
      )
      .catch(() => undefined);
  };
  return (
    <Stack>
      <BackLink
        projectId={projectId}
        onLeave={(event) => {
          // Going back changes only the URL's search, which the page's guard lets through: the panel asks.
          if (!app.dirty && !answers.dirty) return;
          event.preventDefault();
          setLeaving(true);
        }}
      />
      <LeaveConfirmModal opened={leaving} onQuit={onBack} onStay={() => setLeaving(false)} />
      {conflict.dialog}
      <Paper withBorder p="lg" data-testid="participant-panel">
        <UnsavedChangesGuard dirty={app.dirty || answers.dirty} />
        <Group justify="space-between" mb="md" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {participant.firstName} {participant.lastName}
            </Title>
            <Text size="sm" c="dimmed">
              {t('participants.editTitle')}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Button
              variant="light"
              leftSection={<IconMail size={16} />}
              onClick={sendInscription}
              disabled={sent}
              loading={send.isPending}
            >
              {t('participants.inscription.send')}
            </Button>
            {participant.inscriptionSentAt && (
              <Text size="xs" c="dimmed">
                {t('participants.inscription.sentAt', { date: dateTime(participant.inscriptionSentAt) })}
              </Text>
            )}
          </Stack>
        </Group>
        <form onSubmit={app.onSubmit} noValidate>
          <Stack>
            <ParticipantFormFields app={app} options={options} withStatus />
            <ParticipantMediaFields app={app} projectId={projectId} cv={participant.cv} options={options} />
            <ParticipantAnswersSection state={answers} />
          </Stack>
          <Group justify="flex-end" mt="lg">
            <SubmitButton loading={app.submitting}>{t('common.save')}</SubmitButton>
          </Group>
        </form>
      </Paper>
      <ParticipantAgenda projectId={projectId} participantId={participant.id} />
      <ParticipantMeetings projectId={projectId} participantId={participant.id} />
      <PersonalPagePanel projectId={projectId} participantId={participant.id} />
      <ParticipantCalendarFeed projectId={projectId} participantId={participant.id} />
    </Stack>
  );
}

import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActivityHost,
  activityHostInput,
  HOST_EMAIL_MAX,
  HOST_NAME_MAX,
} from '../../../../contracts/activity-hosts';
import { EditDeleteActions } from '../../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useAppForm } from '../../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../../components/modal/app-modal';
import { hostListQuery, useDeleteHost, useSaveHost, useSendHostMail } from './api';

type Dialog =
  | { kind: 'form'; host: ActivityHost | null }
  | { kind: 'delete'; host: ActivityHost }
  | { kind: 'mail'; host: ActivityHost }
  | null;

const fullName = (host: ActivityHost) => `${host.firstName} ${host.lastName}`;

/** V5: the hosts of an activity: add, edit, remove (confirmed) and e-mail them (confirmed, then the answer shown). */
export function HostManager({ projectId, activityId }: { projectId: string; activityId: string }) {
  const { t } = useTranslation();
  const hosts = useQuery(hostListQuery(projectId, activityId));
  const remove = useDeleteHost(projectId, activityId);
  const mail = useSendHostMail(projectId, activityId);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Paper withBorder p="md" data-testid="host-manager">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t('activities.hosts.title')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setDialog({ kind: 'form', host: null })}
        >
          {t('activities.hosts.add')}
        </Button>
      </Group>
      {!hosts.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : hosts.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('activities.hosts.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {hosts.data.items.map((host) => (
            <Group key={host.id} component="li" justify="space-between" wrap="nowrap" data-testid="host-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{fullName(host)}</Text>
                  {host.participantId && (
                    <Badge size="sm" variant="light" color="blue">
                      {t('activities.hosts.participant')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {host.email}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('activities.hosts.mailNamed', { name: fullName(host) })}
                  onClick={() => setDialog({ kind: 'mail', host })}
                >
                  <IconMail size={16} />
                </ActionIcon>
                <EditDeleteActions
                  editLabel={t('activities.hosts.editNamed', { name: fullName(host) })}
                  deleteLabel={t('activities.hosts.deleteNamed', { name: fullName(host) })}
                  onEdit={() => setDialog({ kind: 'form', host })}
                  onDelete={() => setDialog({ kind: 'delete', host })}
                />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'form' && (
        <HostFormModal
          projectId={projectId}
          activityId={activityId}
          host={dialog.host}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t('activities.hosts.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.host.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('activities.hosts.deleted') });
                setDialog(null);
              },
              onError: () => setDialog(null),
            })
          }
        >
          {t('activities.hosts.deleteBody', { name: fullName(dialog.host) })}
        </ConfirmModal>
      )}
      {dialog?.kind === 'mail' && (
        <ConfirmModal
          opened
          title={t('activities.hosts.mailTitle')}
          confirmLabel={t('activities.hosts.send')}
          loading={mail.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            mail.mutate(dialog.host.id, {
              // The spec's answer: success or not, with a title to show.
              onSuccess: (result) => {
                notifications.show({
                  color: result.success ? 'teal' : 'red',
                  title: result.success ? undefined : t('activities.hosts.mailFailed'),
                  message: result.title,
                });
                setDialog(null);
              },
              onError: () => setDialog(null),
            })
          }
        >
          {t('activities.hosts.mailBody', { name: fullName(dialog.host), address: dialog.host.email })}
        </ConfirmModal>
      )}
    </Paper>
  );
}

/** Add or edit a host: e-mail, first and last names (more than 1 character each once one space is removed). */
function HostFormModal({
  projectId,
  activityId,
  host,
  onClose,
}: {
  projectId: string;
  activityId: string;
  host: ActivityHost | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveHost(projectId, activityId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: activityHostInput,
    initialValues: {
      email: host?.email ?? '',
      firstName: host?.firstName ?? '',
      lastName: host?.lastName ?? '',
    },
    submit: (body) => save.mutateAsync({ hostId: host?.id ?? null, body }),
    successMessage: t(host ? 'activities.hosts.saved' : 'activities.hosts.created'),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(host ? 'activities.hosts.editTitle' : 'activities.hosts.addTitle')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('activities.hosts.fields.email')}
            type="email"
            required
            maxLength={HOST_EMAIL_MAX}
            data-autofocus
            {...field('email')}
          />
          <TextInput
            label={t('activities.hosts.fields.firstName')}
            required
            maxLength={HOST_NAME_MAX}
            {...field('firstName')}
          />
          <TextInput
            label={t('activities.hosts.fields.lastName')}
            required
            maxLength={HOST_NAME_MAX}
            {...field('lastName')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{host ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

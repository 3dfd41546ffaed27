import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  CloseButton,
  Group,
  Image,
  Loader,
  Paper,
  Portal,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../contracts/files';
import type { Participant, ParticipantFormOptions } from '../../../contracts/participants';
import { choiceLabels, isChoiceType } from '../../../contracts/profile-fields';
import { formatPhoneForReading } from '../../components/phone-input';
import { useFormat } from '../../lib/format';
import { participantEmailsQuery, participantQuery } from './api';
import { useInfoWindow } from './info-window';
import { isFieldShownOnView, useChoiceItems, useLocalizedName } from './participant-form-fields';

/** The info button of a row: opens the participant's info window (one at a time, §5). */
export function ParticipantInfoButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const { open } = useInfoWindow();
  return (
    <ActionIcon
      variant="subtle"
      aria-label={t('participants.info.open', { name })}
      onClick={(event) => {
        event.stopPropagation();
        open(id);
      }}
    >
      <IconId size={18} />
    </ActionIcon>
  );
}

/**
 * U1: the participant's info window, beside the list (not modal: the list stays usable), with tabs: Profile (the
 * person and the profile values shown on view), Groups, E-mails (the outbox messages sent to this person here).
 * A field switched inactive or not « Affiché sur la fiche » (U5) is not in the Profile tab; phones are shown
 * formatted for reading (the stored value stays E.164).
 */
export function ParticipantInfoWindow({
  projectId,
  options,
}: {
  projectId: string;
  options: ParticipantFormOptions | undefined;
}) {
  const { openId, close } = useInfoWindow();
  useEffect(() => {
    if (!openId) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openId, close]);
  if (!openId) return null;
  return (
    <Portal>
      <InfoWindow
        key={openId}
        projectId={projectId}
        participantId={openId}
        options={options}
        onClose={close}
      />
    </Portal>
  );
}

function InfoWindow({
  projectId,
  participantId,
  options,
  onClose,
}: {
  projectId: string;
  participantId: string;
  options: ParticipantFormOptions | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const participant = useQuery(participantQuery(projectId, participantId));
  const name = participant.data ? `${participant.data.firstName} ${participant.data.lastName}` : '';
  return (
    <Paper
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      withBorder
      shadow="xl"
      p="md"
      data-testid="participant-info"
      style={{
        position: 'fixed',
        top: 80,
        right: 24,
        width: 'min(480px, calc(100vw - 48px))',
        maxHeight: 'calc(100vh - 120px)',
        display: 'flex',
        flexDirection: 'column',
        zIndex: 250,
      }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Title order={2} size="h4" id={titleId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('participants.info.title', { name })}
        </Title>
        <CloseButton aria-label={t('common.close')} onClick={onClose} data-autofocus />
      </Group>
      {participant.data ? (
        <InfoTabs projectId={projectId} participant={participant.data} options={options} />
      ) : participant.error ? (
        <Alert color="red">{t('common.notFoundBody')}</Alert>
      ) : (
        <Loader />
      )}
    </Paper>
  );
}

function InfoTabs({
  projectId,
  participant,
  options,
}: {
  projectId: string;
  participant: Participant;
  options: ParticipantFormOptions | undefined;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = useLocalizedName();
  const { dateTime } = useFormat();
  const emails = useQuery(participantEmailsQuery(projectId, participant.id));
  const shown = (options?.profileFields ?? []).filter((f) => f.isShownOnView);
  const choiceItems = useChoiceItems(
    projectId,
    shown.some((f) => isChoiceType(f.inputType)),
  );
  /** A profile value as read: a choice field's answer is its items' labels in the reader's language, never ids. */
  const answer = (f: (typeof shown)[number]) => {
    const value = participant.profile[f.id] ?? null;
    if (!value || !isChoiceType(f.inputType)) return value;
    const language = i18n.language === 'en' ? 'en' : 'fr';
    return choiceLabels(value, choiceItems.get(f.id) ?? [], language).join(', ') || null;
  };
  const onView = (key: string) => isFieldShownOnView(options, key);
  const phone = (value: string | null) =>
    formatPhoneForReading(value, (extension) => t('phone.extension', { extension }));
  const line = (label: string, value: ReactNode) => (
    <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} w={160} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === '' ? t('participants.info.empty') : value}
      </Text>
    </Group>
  );
  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="profile">{t('participants.info.tabs.profile')}</Tabs.Tab>
        <Tabs.Tab value="groups">{t('participants.info.tabs.groups')}</Tabs.Tab>
        <Tabs.Tab value="emails">{t('participants.info.tabs.emails')}</Tabs.Tab>
      </Tabs.List>
      <ScrollArea.Autosize mah="calc(100vh - 260px)">
        <Tabs.Panel value="profile" pt="sm">
          <Stack gap={6}>
            {participant.pictureFileId && onView('pictureFileId') && (
              <Image
                src={fileUrl(participant.pictureFileId)}
                alt={t('participants.fields.picture')}
                w={120}
                h={120}
                radius="sm"
              />
            )}
            {onView('email') && line(t('participants.fields.email'), participant.email)}
            {onView('organisation') && line(t('participants.fields.organisation'), participant.organisation)}
            {onView('jobTitle') && line(t('participants.fields.jobTitle'), participant.jobTitle)}
            {onView('phone') && line(t('participants.fields.phone'), phone(participant.phone))}
            {onView('phonePro') && line(t('participants.fields.phonePro'), phone(participant.phonePro))}
            {onView('language') &&
              line(t('participants.fields.language'), t(`languages.${participant.language}`))}
            {line(t('participants.fields.role'), nameOf(participant.role.name))}
            {line(t('participants.fields.status'), t(`participants.status.${participant.status}`))}
            {onView('videoUrl') &&
              line(
                t('participants.fields.videoUrl'),
                participant.videoUrl ? (
                  <Anchor href={participant.videoUrl} target="_blank" rel="noopener noreferrer">
                    {t('participants.info.video')}
                  </Anchor>
                ) : null,
              )}
            {onView('cvFileId') &&
              line(
                t('participants.fields.cv'),
                participant.cv ? (
                  <Anchor href={participant.cv.url}>
                    {participant.cv.name ?? t('participants.cv.download')}
                  </Anchor>
                ) : null,
              )}
            {shown.map((f) => line(nameOf(f.title), answer(f)))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="sm">
          {participant.groups.length ? (
            <Group gap="xs">
              {participant.groups.map((g) => (
                <Badge key={g.id} variant="light">
                  {nameOf(g.name)}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('participants.info.noGroups')}
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="emails" pt="sm">
          {emails.data?.items.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('participants.info.emailSubject')}</Table.Th>
                  <Table.Th>{t('participants.info.emailDate')}</Table.Th>
                  <Table.Th>{t('participants.info.emailStatus')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {emails.data.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>{dateTime(m.sentAt ?? m.createdAt)}</Table.Td>
                    <Table.Td>{t(`mail.outbox.status.${m.status}`, { defaultValue: m.status })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : emails.data ? (
            <Text size="sm" c="dimmed">
              {t('participants.info.noEmails')}
            </Text>
          ) : (
            <Loader size="sm" />
          )}
        </Tabs.Panel>
      </ScrollArea.Autosize>
    </Tabs>
  );
}

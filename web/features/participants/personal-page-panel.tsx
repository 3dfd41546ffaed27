import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/modal/app-modal';
import { SecretAddressField } from '../../components/secret-address/secret-address-field';
import { useFormat } from '../../lib/format';
import { personalPageQuery, useChangePersonalPage } from './personal-page-api';

type Confirming = 'replace' | 'revoke' | null;

/**
 * A participant's personal page in their panel (docs/participants/personal-page.md): its secret address to copy or
 * open, made here, replaced or revoked — both confirmed, since the old address stops working at once.
 */
export function PersonalPagePanel({
  projectId,
  participantId,
}: {
  projectId: string;
  participantId: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const page = useQuery(personalPageQuery(projectId, participantId));
  const change = useChangePersonalPage(projectId, participantId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const address = page.data?.path ? new URL(page.data.path, window.location.origin).toString() : null;
  const run = (kind: 'make' | 'revoke', message: string) =>
    change.mutate(kind, {
      onSuccess: () => {
        setConfirming(null);
        notifications.show({ color: 'teal', message });
      },
    });

  return (
    <Paper withBorder p="md" data-testid="participant-personal-page">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('participants.personalPage.title')}
        </Title>
        <Text size="sm">{t('participants.personalPage.help')}</Text>
        {!page.data ? (
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        ) : address ? (
          <>
            <SecretAddressField
              address={address}
              label={t('participants.personalPage.address')}
              copyLabel={t('participants.personalPage.copy')}
              copiedLabel={t('participants.personalPage.copied')}
              testId="personal-page-address"
            />
            {page.data.createdAt && (
              <Text size="xs" c="dimmed">
                {t('participants.personalPage.since', { date: dateTime(page.data.createdAt) })}
              </Text>
            )}
            <Group gap="xs">
              <Anchor href={address} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconExternalLink size={14} aria-hidden />
                  {t('participants.personalPage.open')}
                </Group>
              </Anchor>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                onClick={() => setConfirming('replace')}
              >
                {t('participants.personalPage.replace')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirming('revoke')}
              >
                {t('participants.personalPage.revoke')}
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('participants.personalPage.none')}
            </Text>
            <Button
              size="xs"
              onClick={() => run('make', t('participants.personalPage.created'))}
              loading={change.isPending}
            >
              {t('participants.personalPage.create')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        danger
        title={t(
          confirming === 'revoke'
            ? 'participants.personalPage.revokeTitle'
            : 'participants.personalPage.replaceTitle',
        )}
        confirmLabel={t(
          confirming === 'revoke' ? 'participants.personalPage.revoke' : 'participants.personalPage.replace',
        )}
        loading={change.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming === 'revoke'
            ? run('revoke', t('participants.personalPage.revoked'))
            : run('make', t('participants.personalPage.replaced'))
        }
      >
        {t(
          confirming === 'revoke'
            ? 'participants.personalPage.revokeBody'
            : 'participants.personalPage.replaceBody',
        )}
      </ConfirmModal>
    </Paper>
  );
}

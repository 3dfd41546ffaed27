import { Anchor, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getRegistrationPageAddress,
  makeRegistrationPageAddress,
  type RegistrationPageAddress,
  setRegistrationPageOpen,
} from '../../../contracts/registration';
import { ConfirmModal } from '../../components/modal/app-modal';
import { SecretAddressField } from '../../components/secret-address/secret-address-field';
import { call } from '../../lib/api';
import { useFormat } from '../../lib/format';

const pageKey = (projectId: string) => ['projects', projectId, 'registration-page'] as const;

export const registrationPageQuery = (projectId: string) =>
  queryOptions({
    queryKey: pageKey(projectId),
    queryFn: ({ signal }) => call(getRegistrationPageAddress, { params: { projectId }, signal }),
  });

/**
 * The public registration page's address (docs/sales/registration-page.md): made here, copied, opened, closed and
 * opened again with a switch, replaced after a confirmation (the old address stops answering at once).
 */
export function RegistrationPageTab({
  projectId,
}: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const queryClient = useQueryClient();
  const page = useQuery(registrationPageQuery(projectId));
  const [confirming, setConfirming] = useState(false);
  const saved = (address: RegistrationPageAddress) => queryClient.setQueryData(pageKey(projectId), address);
  const make = useMutation({
    mutationFn: () => call(makeRegistrationPageAddress, { params: { projectId } }),
    onSuccess: (address) => {
      saved(address);
      setConfirming(false);
      notifications.show({
        color: 'teal',
        message: t(page.data?.path ? 'registration.page.replaced' : 'registration.page.created'),
      });
    },
  });
  const open = useMutation({
    mutationFn: (value: boolean) =>
      call(setRegistrationPageOpen, { params: { projectId }, body: { open: value } }),
    onSuccess: (address) => {
      saved(address);
      notifications.show({
        color: 'teal',
        message: t(address.open ? 'registration.page.opened' : 'registration.page.closed'),
      });
    },
  });
  const address = page.data?.path ? new URL(page.data.path, window.location.origin).toString() : null;

  return (
    <Paper withBorder p="md" maw={720} data-testid="registration-page-tab">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('registration.page.title')}
        </Title>
        <Text size="sm">{t('registration.page.help')}</Text>
        {!page.data ? (
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        ) : address ? (
          <>
            <SecretAddressField
              address={address}
              label={t('registration.page.address')}
              copyLabel={t('registration.page.copy')}
              copiedLabel={t('registration.page.copied')}
              testId="registration-page-address"
            />
            {page.data.createdAt && (
              <Text size="xs" c="dimmed">
                {t('registration.page.since', { date: dateTime(page.data.createdAt) })}
              </Text>
            )}
            <Switch
              label={t('registration.page.open')}
              description={t(page.data.open ? 'registration.page.openHelp' : 'registration.page.closedHelp')}
              checked={page.data.open}
              disabled={open.isPending}
              onChange={(event) => open.mutate(event.currentTarget.checked)}
            />
            <Group gap="xs">
              <Anchor href={address} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconExternalLink size={14} aria-hidden />
                  {t('registration.page.view')}
                </Group>
              </Anchor>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                onClick={() => setConfirming(true)}
              >
                {t('registration.page.replace')}
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('registration.page.none')}
            </Text>
            <Button size="xs" onClick={() => make.mutate()} loading={make.isPending}>
              {t('registration.page.create')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        danger
        title={t('registration.page.replaceTitle')}
        confirmLabel={t('registration.page.replace')}
        loading={make.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => make.mutate()}
      >
        {t('registration.page.replaceBody')}
      </ConfirmModal>
    </Paper>
  );
}

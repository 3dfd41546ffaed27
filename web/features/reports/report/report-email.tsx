import { Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyOf } from '../../../../contracts/http';
import { emailReport } from '../../../../contracts/reports';
import { AppModal } from '../../../components/modal/app-modal';
import { ApiError, call } from '../../../lib/api';
import { wire } from './api';

/** T2: send the report as it is filtered to an address, as an Excel attachment (through the outbox). */
export function ReportEmailButton({
  projectId,
  query,
}: {
  projectId: string;
  query: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [to, setTo] = useState('');
  const send = useMutation({
    mutationFn: () =>
      call(emailReport, {
        params: { projectId },
        body: { ...wire(query), to } as BodyOf<typeof emailReport>,
      }),
    onSuccess: (sent) => {
      notifications.show({ color: 'teal', message: t('report.email.sent', { to: sent.to }) });
      setOpened(false);
      setTo('');
    },
  });
  const error =
    send.error instanceof ApiError ? send.error.fields.find((f) => f.field === 'to')?.message : undefined;
  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setOpened(true)}>
        {t('report.email.open')}
      </Button>
      <AppModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('report.email.title')}
        dirty={to !== ''}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <Text size="sm" mb="sm">
            {t('report.email.body')}
          </Text>
          <TextInput
            type="email"
            label={t('report.email.to')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!to.trim()}>
              {t('report.email.send')}
            </Button>
          </Group>
        </form>
      </AppModal>
    </>
  );
}

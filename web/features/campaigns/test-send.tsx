import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonSelect } from '../scores/person-select';
import { useSendTest } from './api';
import type { FieldErrors } from './field-errors';
import type { Bilingual } from './message-fields';

/**
 * C1: the test send — the message rendered for a chosen participant (their name, language, links, QR code) and sent
 * once to the signed-in organiser, who is told the address it went to.
 */
export function TestSend({
  projectId,
  draft,
  refuse,
  errors,
}: {
  projectId: string;
  draft: { subject: Bilingual; body: Bilingual };
  /** True (and says why) when nothing may be sent now: a text editor is open. */
  refuse: () => boolean;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const [participantId, setParticipantId] = useState<string>();
  const send = useSendTest(projectId);

  async function handleTest() {
    if (send.isPending || refuse()) return;
    errors.clear();
    if (!participantId) {
      errors.set('participantId', t('campaigns.compose.test.participantRequired'));
      return;
    }
    try {
      const { to } = await send.mutateAsync({ ...draft, participantId });
      notifications.show({
        color: 'teal',
        title: t('campaigns.compose.test.sent'),
        message: t('campaigns.compose.test.sentTo', { to }),
      });
    } catch (error) {
      errors.show(error);
    }
  }

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {t('campaigns.compose.test.title')}
      </Title>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('campaigns.compose.test.hint')}
        </Text>
        <Group align="flex-end">
          <div style={{ flex: 1, maxWidth: 480 }}>
            <PersonSelect
              projectId={projectId}
              groupId={undefined}
              value={participantId}
              onChange={setParticipantId}
              label={t('campaigns.compose.test.participant')}
              placeholder={t('campaigns.compose.test.placeholder')}
              testId="test-participant"
            />
          </div>
          <Button
            variant="light"
            leftSection={<IconMailShare size={16} />}
            onClick={() => void handleTest()}
            loading={send.isPending}
          >
            {t('campaigns.compose.test.send')}
          </Button>
        </Group>
        {errors.byField.participantId && (
          <Text size="sm" c="red" role="alert">
            {errors.byField.participantId}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

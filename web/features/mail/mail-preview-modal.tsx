import { Box, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MailMessage } from '../../../contracts/mail';
import { AppModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { mailMessageQuery } from './api';
import { withInlineImages } from './inline-images';
import { MailStatusBadge } from './mail-status-badge';

/**
 * A message of the outbox as its recipient reads it. The HTML body is shown in a sandboxed frame (`sandbox=""`:
 * no script, no form, no navigation, an origin of its own), so nothing in a message can act on the back office.
 * Its inline images (`cid:`, e.g. the QR code) are shown from the bytes sent with it.
 */
export function MailPreviewModal({ message, onClose }: { message: MailMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const detail = useQuery(mailMessageQuery(message.id));
  const recipient = message.toName ? `${message.toName} <${message.toEmail}>` : message.toEmail;
  const shown = detail.data ?? message;
  return (
    <AppModal
      opened
      onClose={onClose}
      size="xl"
      title={t('mail.outbox.previewOf', { recipient: message.toEmail })}
    >
      <Stack gap="sm">
        <Table variant="vertical" withTableBorder layout="fixed" data-testid="mail-preview-details">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('mail.outbox.to')}</Table.Th>
              <Table.Td>{recipient}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.outbox.subject')}</Table.Th>
              <Table.Td data-testid="mail-preview-subject">{shown.subject}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.outbox.columns.status')}</Table.Th>
              <Table.Td>
                <MailStatusBadge status={shown.status} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.outbox.language')}</Table.Th>
              <Table.Td>{t(`languages.${shown.language}`)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.outbox.columns.createdAt')}</Table.Th>
              <Table.Td>{dateTime(shown.createdAt)}</Table.Td>
            </Table.Tr>
            {shown.sentAt && (
              <Table.Tr>
                <Table.Th>{t('mail.outbox.sentAt')}</Table.Th>
                <Table.Td>{dateTime(shown.sentAt)}</Table.Td>
              </Table.Tr>
            )}
            {shown.attempts > 0 && (
              <Table.Tr>
                <Table.Th>{t('mail.outbox.attempts')}</Table.Th>
                <Table.Td>{shown.attempts}</Table.Td>
              </Table.Tr>
            )}
            {shown.lastError && (
              <Table.Tr>
                <Table.Th>{t('mail.outbox.lastError')}</Table.Th>
                <Table.Td>
                  <Text size="sm" c="red">
                    {shown.lastError}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {detail.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : detail.data ? (
          <Box
            component="iframe"
            sandbox=""
            srcDoc={withInlineImages(detail.data.html, detail.data.inlineImages)}
            title={t('mail.outbox.previewFrame')}
            data-testid="mail-preview-frame"
            style={{
              width: '100%',
              height: 420,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 4,
            }}
          />
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bill } from '../../../contracts/bills';
import { ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { billPdfUrl, saleBillsQuery, saleQuery, useSendBill } from './api';

/**
 * The bills of a sale in its detail panel (docs/sales/bills.md): its invoice and credit notes by number, each
 * downloaded as its PDF (a plain link: the server names the file in the buyer's language) or sent to the buyer
 * (« Envoyer la facture », confirmed with the address named; a failure shows the spec §8 alert). A sale without a
 * bill (pending, courtesy) says so.
 */
export function SaleBills({ projectId, saleId }: { projectId: string; saleId: string }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const bills = useQuery(saleBillsQuery(projectId, saleId));
  const sale = useQuery(saleQuery(projectId, saleId));
  const send = useSendBill(projectId, saleId);
  const [asked, setAsked] = useState<Bill | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = (bill: Bill) =>
    t('bills.list.name', { kind: t(`bills.kind.${bill.kind}`), number: bill.number });
  const address = sale.data?.buyer.email ?? '';

  function confirmSend(bill: Bill) {
    setAsked(null);
    setFailure(null);
    send.mutate(bill.id, {
      onSuccess: (sent) =>
        notifications.show({ color: 'teal', message: t('bills.sent', { address: sent.to }) }),
      // A refusal the server explains (no buyer address) is said as it is; anything else is the spec's alert.
      onError: (error) =>
        setFailure(
          error instanceof ApiError && error.status === 409 && error.title
            ? error.title
            : t('bills.sendFailed'),
        ),
    });
  }

  return (
    <Stack gap="xs" data-testid="sale-bills">
      <Title order={3} size="h4">
        {t('bills.list.title')}
      </Title>
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {bills.isPending ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : !bills.data ? null : bills.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bills.list.empty')}
        </Text>
      ) : (
        <Table aria-label={t('bills.list.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bills.list.kind')}</Table.Th>
              <Table.Th>{t('bills.list.number')}</Table.Th>
              <Table.Th>{t('bills.list.date')}</Table.Th>
              <Table.Th>{t('bills.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bills.data.items.map((bill) => {
              const sending = send.isPending && send.variables === bill.id;
              return (
                <Table.Tr key={bill.id}>
                  <Table.Td>{t(`bills.kind.${bill.kind}`)}</Table.Td>
                  <Table.Td>{bill.number}</Table.Td>
                  <Table.Td>{date(bill.issuedOn)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component="a"
                        href={billPdfUrl(projectId, saleId, bill.id)}
                        download
                        size="xs"
                        variant="default"
                        leftSection={<IconDownload size={14} />}
                        aria-label={t('bills.list.downloadOf', { name: name(bill) })}
                      >
                        {t('bills.list.download')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconMail size={14} />}
                        onClick={() => setAsked(bill)}
                        disabled={send.isPending || !address}
                        loading={sending}
                        aria-label={t('bills.list.sendOf', { name: name(bill) })}
                      >
                        {t('bills.list.send')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={asked !== null}
        title={t('bills.sendConfirm.title')}
        confirmLabel={t('bills.sendConfirm.confirm')}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && confirmSend(asked)}
      >
        {asked ? t('bills.sendConfirm.body', { name: name(asked), address }) : ''}
      </ConfirmModal>
    </Stack>
  );
}

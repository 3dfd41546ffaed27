import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPlus, IconTicket } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../contracts/money';
import type { PaymentList, PaymentSummary } from '../../../contracts/payments';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SortableList } from '../../components/sortable/sortable-list';
import { formatNumber } from '../../lib/format';
import { paymentKeys, paymentListQuery, saveOrder, useCopyPayment, useDeletePayment } from './api';
import { DeleteModal } from './delete-modal';
import { PaymentPanel } from './payment-panel';

/**
 * R1: the payments of a project, grouped by category and ordered by drag or keyboard; a payment opens in the side
 * panel that replaces the list (`?payment=<id>`), as does « Nouveau paiement ».
 */
export function PaymentsTab({
  projectId,
  paymentId,
  onOpen,
}: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const query = useQuery(paymentListQuery(projectId));
  const open = (id: string | undefined) => {
    setCreating(false);
    onOpen?.(id);
  };

  if (paymentId || creating) {
    return (
      <PaymentPanel
        key={paymentId ?? 'new'}
        projectId={projectId}
        paymentId={paymentId ?? null}
        onBack={() => open(undefined)}
        onCreated={(id) => open(id)}
      />
    );
  }
  if (query.data) {
    return (
      <PaymentListView
        projectId={projectId}
        list={query.data}
        onOpen={open}
        onCreate={() => setCreating(true)}
      />
    );
  }
  if (query.isError) {
    return (
      <Group>
        <Text>{t('errors.unexpected')}</Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  }
  return <Loader role="progressbar" aria-label={t('common.loading')} />;
}

type Dialog = { kind: 'delete'; payment: PaymentSummary } | null;

function PaymentListView({
  projectId,
  list,
  onOpen,
  onCreate,
}: {
  projectId: string;
  list: PaymentList;
  onOpen: (paymentId: string) => void;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const copy = useCopyPayment(projectId);
  // A payment with sales is refused: the error popup gives the reason (take it off sale instead).
  const remove = useDeletePayment(projectId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const nameOf = (name: { fr: string; en: string }) => name[language];
  const { items, categories } = useMemo(() => {
    const rows = list.items.map((payment) => ({ ...payment, label: payment.name[language] }));
    return {
      items: rows.filter((p) => !p.category),
      categories: list.categories.map((c) => ({
        id: c.id,
        label: c.name[language],
        items: rows.filter((p) => p.category?.id === c.id),
      })),
    };
  }, [list, language]);

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
      {t('payments.create')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('payments.listTitle')}
        </Title>
        {list.items.length > 0 && createButton}
      </Group>
      {list.items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="payments-empty">
          <Stack align="center" gap="sm">
            <IconTicket size={32} aria-hidden />
            <Text>{t('payments.empty')}</Text>
            {createButton}
          </Stack>
        </Paper>
      ) : (
        <SortableList
          label={t('payments.listTitle')}
          items={items}
          categories={categories}
          onSave={(order) => saveOrder(projectId, order)}
          onReload={() => queryClient.invalidateQueries({ queryKey: paymentKeys.all(projectId) })}
          renderCategory={(category) => <Text fw={700}>{category.label}</Text>}
          renderItem={(payment) => (
            <Group justify="space-between" wrap="nowrap" data-testid="payment-row">
              <UnstyledButton onClick={() => onOpen(payment.id)} style={{ minWidth: 0, flex: 1 }}>
                <Stack gap={2}>
                  <Text fw={600} data-testid="payment-name">
                    {payment.label}
                  </Text>
                  <Group gap="xs">
                    <Badge size="sm" variant="light" color={payment.kind === 'activity' ? 'grape' : 'blue'}>
                      {t(`payments.kinds.${payment.kind}`)}
                    </Badge>
                    <Badge
                      size="sm"
                      variant={payment.onSale ? 'filled' : 'outline'}
                      color={payment.onSale ? 'teal' : 'gray'}
                    >
                      {payment.onSale ? t('payments.onSale') : t('payments.offSale')}
                    </Badge>
                    <Text size="sm" data-testid="payment-price">
                      {formatMoney(payment.priceCents, list.currency, language)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('payments.sold', {
                        sold: payment.sold,
                        quantity:
                          payment.quantity === null
                            ? t('payments.unlimited')
                            : formatNumber(payment.quantity, language),
                      })}
                    </Text>
                    {payment.activity && (
                      <Text size="sm" c="dimmed">
                        {nameOf(payment.activity.name)}
                      </Text>
                    )}
                  </Group>
                </Stack>
              </UnstyledButton>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('payments.copyNamed', { name: payment.label })}
                  loading={copy.isPending && copy.variables === payment.id}
                  onClick={() =>
                    copy.mutate(payment.id, {
                      onSuccess: () =>
                        notifications.show({ color: 'teal', message: t('payments.notifications.copied') }),
                    })
                  }
                >
                  <IconCopy size={16} />
                </ActionIcon>
                <EditDeleteActions
                  editLabel={t('payments.editNamed', { name: payment.label })}
                  deleteLabel={t('payments.deleteNamed', { name: payment.label })}
                  onEdit={() => onOpen(payment.id)}
                  onDelete={() => setDialog({ kind: 'delete', payment })}
                />
              </Group>
            </Group>
          )}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteModal
          title={t('payments.deleteTitle')}
          body={t('payments.deleteBody', { name: nameOf(dialog.payment.name) })}
          success={t('payments.notifications.deleted')}
          remove={remove}
          variables={dialog.payment.id}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PaymentCategory, paymentCategoryInput } from '../../../contracts/payments';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { SortableList } from '../../components/sortable/sortable-list';
import {
  paymentCategoryListQuery,
  paymentKeys,
  saveCategoryOrder,
  useDeletePaymentCategory,
  useSavePaymentCategory,
} from './api';
import { DeleteModal } from './delete-modal';
import { PaymentNameInputs } from './payment-form-fields';

type Dialog =
  | { kind: 'form'; category: PaymentCategory | null }
  | { kind: 'delete'; category: PaymentCategory }
  | null;

/** R1: payment categories: list, add, rename, delete (their payments stay, without a category), order. */
export function PaymentCategoriesTab({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(paymentCategoryListQuery(projectId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeletePaymentCategory(projectId);
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const items = useMemo(
    () => (query.data?.items ?? []).map((category) => ({ ...category, label: category.name[language] })),
    [query.data, language],
  );
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'form', category: null })}>
      {t('payments.categories.create')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('payments.categories.title')}
        </Title>
        {items.length > 0 && createButton}
      </Group>
      <Text size="sm" c="dimmed">
        {t('payments.categories.intro')}
      </Text>
      {query.isError ? (
        <Group>
          <Text>{t('errors.unexpected')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : !query.data ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="payment-categories-empty">
          <Stack align="center" gap="sm">
            <IconCategory size={32} aria-hidden />
            <Text>{t('payments.categories.empty')}</Text>
            {createButton}
          </Stack>
        </Paper>
      ) : (
        <SortableList
          label={t('payments.categories.title')}
          items={items}
          onSave={(order) => saveCategoryOrder(projectId, order.items)}
          onReload={() => queryClient.invalidateQueries({ queryKey: paymentKeys.all(projectId) })}
          renderItem={(category) => (
            <Group justify="space-between" wrap="nowrap" data-testid="payment-category-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{category.label}</Text>
                <Text size="xs" c="dimmed">
                  {language === 'en' ? category.name.fr : category.name.en} ·{' '}
                  {t('payments.categories.paymentCount', { count: category.paymentCount })}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <EditDeleteActions
                  editLabel={t('payments.editNamed', { name: category.label })}
                  deleteLabel={t('payments.deleteNamed', { name: category.label })}
                  onEdit={() => setDialog({ kind: 'form', category })}
                  onDelete={() => setDialog({ kind: 'delete', category })}
                />
              </Group>
            </Group>
          )}
        />
      )}
      {dialog?.kind === 'form' && (
        <CategoryFormModal projectId={projectId} category={dialog.category} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteModal
          title={t('payments.categories.deleteTitle')}
          body={t('payments.categories.deleteBody', { name: dialog.category.name[language] })}
          success={t('payments.categories.notifications.deleted')}
          remove={remove}
          variables={dialog.category.id}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

function CategoryFormModal({
  projectId,
  category,
  onClose,
}: {
  projectId: string;
  category: PaymentCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePaymentCategory(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: paymentCategoryInput,
    initialValues: { name: category ? { ...category.name } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ categoryId: category?.id ?? null, body }),
    successMessage: t(
      category ? 'payments.categories.notifications.saved' : 'payments.categories.notifications.created',
    ),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(category ? 'payments.categories.editTitle' : 'payments.categories.createTitle')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PaymentNameInputs field={field} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{category ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

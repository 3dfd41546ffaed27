import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { courtesyInput, type SaleDetail } from '../../../contracts/sales';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { PersonSelect } from '../scores/person-select';
import { courtesyPaymentsQuery, useCreateCourtesySale } from './api';

/**
 * S1: a courtesy sale: a participant of the project (searched by name or e-mail) and the payments given (total 0,
 * each taking a seat). Saved, the new sale opens.
 */
export function CourtesyModal({
  projectId,
  onClose,
  onCreated,
}: {
  projectId: string;
  onClose: () => void;
  onCreated: (sale: SaleDetail) => void;
}) {
  const { t, i18n } = useTranslation();
  const { money } = useFormat();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const payments = useQuery(courtesyPaymentsQuery(projectId));
  const create = useCreateCourtesySale(projectId);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: courtesyInput,
    initialValues: { participantId: '', paymentIds: [] as string[] },
    submit: (body) => create.mutateAsync(body),
    successMessage: t('sales.courtesy.created'),
    onSaved: (sale) => onCreated(sale as SaleDetail),
  });
  const participant = field('participantId');
  const chosen = field('paymentIds');
  return (
    <AppModal opened onClose={onClose} title={t('sales.courtesy.title')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PersonSelect
            projectId={projectId}
            groupId={undefined}
            value={form.getValues().participantId || undefined}
            onChange={(id) => form.setFieldValue('participantId', id ?? '')}
            label={t('sales.courtesy.participant')}
            placeholder={t('sales.courtesy.participantPlaceholder')}
            testId="courtesy-participant"
          />
          {participant.error && (
            <Text size="sm" c="red">
              {participant.error}
            </Text>
          )}
          <Checkbox.Group
            label={t('sales.courtesy.payments')}
            value={form.getValues().paymentIds}
            onChange={(ids) => form.setFieldValue('paymentIds', ids)}
            error={chosen.error}
          >
            <Stack gap="xs" mt="xs">
              {(payments.data?.items ?? []).map((payment) => (
                <Checkbox
                  key={payment.id}
                  value={payment.id}
                  disabled={payment.left !== null && payment.left <= 0}
                  label={t('sales.courtesy.paymentLine', {
                    name: payment.name[lang] || payment.name.fr,
                    price: money(payment.priceCents, payments.data?.currency ?? 'CAD'),
                  })}
                  description={
                    payment.left === null ? undefined : t('sales.courtesy.left', { count: payment.left })
                  }
                />
              ))}
              {payments.data?.items.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('sales.courtesy.noPayments')}
                </Text>
              )}
            </Stack>
          </Checkbox.Group>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('sales.courtesy.save')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToInput } from '../../../contracts/money';
import {
  type Payment,
  type PaymentFormInput,
  type PaymentFormOptions,
  paymentForm,
  paymentFormToInput,
} from '../../../contracts/payments';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { LeaveConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { paymentFormOptionsQuery, paymentQuery, useSavePayment } from './api';
import { type Ambiguous, PaymentFormFields } from './payment-form-fields';

/** The form's values for a new payment, or for one read from the server (its sale window as local times). */
export function paymentFormValues(payment: Payment | null, language: 'fr' | 'en'): PaymentFormInput {
  return {
    kind: payment?.kind ?? 'registration',
    name: payment ? { ...payment.name } : { fr: '', en: '' },
    description: payment ? { ...payment.description } : { fr: '', en: '' },
    price: payment ? centsToInput(payment.priceCents, language) : '',
    categoryId: payment?.category?.id ?? null,
    activityId: payment?.activity?.id ?? null,
    taxIds: payment?.taxIds ?? [],
    roleIds: payment?.roleIds ?? [],
    onSale: payment?.onSale ?? false,
    saleStartsAt: payment?.saleStartsAtLocal ?? null,
    saleStartsAtOffset: payment?.saleStartsAtOffset ?? undefined,
    saleEndsAt: payment?.saleEndsAtLocal ?? null,
    saleEndsAtOffset: payment?.saleEndsAtOffset ?? undefined,
    quantity: payment?.quantity ?? null,
  };
}

/** The API names the price `priceCents`; the form's field is `price`. */
function priceErrorsOnForm(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields.some((f) => f.field === 'priceCents')) return error;
  return new ApiError({
    status: error.status,
    code: error.code,
    title: error.title,
    requestId: error.requestId ?? undefined,
    fields: error.fields.map((f) => (f.field === 'priceCents' ? { ...f, field: 'price' } : f)),
  });
}

/** R1: the side edition panel that replaces the list, with a way back; `paymentId` null makes a new payment. */
export function PaymentPanel({
  projectId,
  paymentId,
  onBack,
  onCreated,
}: {
  projectId: string;
  paymentId: string | null;
  onBack: () => void;
  onCreated: (paymentId: string) => void;
}) {
  const { t } = useTranslation();
  const options = useQuery(paymentFormOptionsQuery(projectId));
  const payment = useQuery({ ...paymentQuery(projectId, paymentId ?? ''), enabled: paymentId !== null });
  const ready = options.data && (paymentId === null || payment.data);
  if (ready) {
    return (
      <PaymentEditForm
        key={payment.data ? `${payment.data.id}` : 'new'}
        projectId={projectId}
        payment={payment.data ?? null}
        options={options.data}
        onBack={onBack}
        onCreated={onCreated}
      />
    );
  }
  return (
    <Stack>
      <BackButton onClick={onBack} />
      {options.error || payment.error ? (
        <Alert color="red">{t('common.notFoundBody')}</Alert>
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClick}>
        {t('payments.back')}
      </Button>
    </Group>
  );
}

function PaymentEditForm({
  projectId,
  payment,
  options,
  onBack,
  onCreated,
}: {
  projectId: string;
  payment: Payment | null;
  options: PaymentFormOptions;
  onBack: () => void;
  onCreated: (paymentId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const save = useSavePayment(projectId);
  const [leaving, setLeaving] = useState(false);
  // A sale bound lived twice (clocks falling back) makes the server name both instants; the panel then asks which.
  const [ambiguous, setAmbiguous] = useState<Ambiguous>({
    saleStartsAt: Boolean(payment?.saleStartsAtOffset),
    saleEndsAt: Boolean(payment?.saleEndsAtOffset),
  });
  const app = useAppForm({
    schema: paymentForm,
    initialValues: paymentFormValues(payment, language),
    submit: async (values) => {
      try {
        return await save.mutateAsync({ paymentId: payment?.id ?? null, body: paymentFormToInput(values) });
      } catch (error) {
        if (error instanceof ApiError) {
          const lived = (name: keyof Ambiguous) =>
            error.fields.some((f) => f.field === name && f.code === 'validation.activities.ambiguousTime');
          setAmbiguous((was) => ({
            saleStartsAt: was.saleStartsAt || lived('saleStartsAt'),
            saleEndsAt: was.saleEndsAt || lived('saleEndsAt'),
          }));
        }
        throw priceErrorsOnForm(error);
      }
    },
    successMessage: t(payment ? 'payments.notifications.saved' : 'payments.notifications.created'),
    onSaved: (saved) => {
      if (!payment) onCreated((saved as Payment).id);
    },
  });
  return (
    <Stack>
      <BackButton onClick={() => (app.dirty ? setLeaving(true) : onBack())} />
      <LeaveConfirmModal opened={leaving} onQuit={onBack} onStay={() => setLeaving(false)} />
      <Paper withBorder p="lg" data-testid="payment-panel">
        <UnsavedChangesGuard dirty={app.dirty} />
        <Title order={2} size="h3" mb={4} style={{ overflowWrap: 'anywhere' }}>
          {payment ? payment.name[language] : t('payments.createTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {payment ? t('payments.editTitle') : t('payments.createTitle')}
        </Text>
        <form onSubmit={app.onSubmit} noValidate>
          <PaymentFormFields
            app={app}
            options={options}
            sold={payment?.sold ?? 0}
            ambiguous={ambiguous}
            onTimeChanged={(name) => setAmbiguous((was) => ({ ...was, [name]: false }))}
          />
          <Group justify="flex-end" mt="lg">
            <SubmitButton loading={app.submitting}>
              {payment ? t('common.save') : t('common.create')}
            </SubmitButton>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}

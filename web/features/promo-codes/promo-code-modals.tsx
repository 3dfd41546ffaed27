import { Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { centsToInput } from '../../../contracts/money';
import {
  PROMO_USES_MAX,
  type PromoCode,
  type PromoKindValue,
  type PromoPaymentOptions,
  promoCodeForm,
} from '../../../contracts/promo-codes';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { LocalDateTimeField } from '../activities/local-date-time-field';
import { rateToInput } from '../taxes/rate-input';
import { useDeletePromoCode, useSavePromoCode } from './api';

/**
 * R3: add a promo code or edit one: its payment (one code per payment: a payment that has one is offered but the
 * server refuses it under the field), the code, an amount (« 12,50 ») or a percentage (« 15 »), the window in the
 * project's zone and the number of uses (empty: no limit).
 */
export function PromoCodeFormModal({
  projectId,
  promo,
  payments,
  timeZone,
  onClose,
}: {
  projectId: string;
  promo: PromoCode | null;
  payments: PromoPaymentOptions;
  timeZone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const save = useSavePromoCode(projectId);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: promoCodeForm,
    initialValues: {
      paymentId: promo?.paymentId ?? null,
      code: promo?.code ?? '',
      kind: promo?.kind ?? 'percent',
      value: !promo
        ? ''
        : promo.kind === 'amount'
          ? centsToInput(promo.value, language)
          : rateToInput(promo.value, language),
      validFrom: promo?.validFromLocal ?? null,
      validUntil: promo?.validUntilLocal ?? null,
      maxUses: promo?.maxUses ?? '',
    },
    submit: (body) => save.mutateAsync({ promoCodeId: promo?.id ?? null, body }),
    successMessage: t(promo ? 'promoCodes.notifications.saved' : 'promoCodes.notifications.created'),
    onSaved: onClose,
  });
  const kind = form.values.kind as PromoKindValue;
  const paymentData = payments.items.map((payment) => {
    const name = payment.name[language];
    const taken = payment.promoCodeId !== null && payment.promoCodeId !== promo?.id;
    return { value: payment.id, label: taken ? t('promoCodes.fields.paymentHasCode', { name }) : name };
  });
  return (
    <AppModal
      opened
      size="lg"
      onClose={onClose}
      title={t(promo ? 'promoCodes.editTitle' : 'promoCodes.createTitle')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Select
            label={t('promoCodes.fields.payment')}
            placeholder={t('promoCodes.fields.paymentPlaceholder')}
            data={paymentData}
            required
            searchable
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            {...field('paymentId')}
          />
          <TextInput
            label={t('promoCodes.fields.code')}
            description={t('promoCodes.fields.codeHint')}
            required
            maxLength={40}
            {...field('code')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="promo-kind-label">
              {t('promoCodes.fields.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="promo-kind-label"
              data={[
                { value: 'percent', label: t('promoCodes.fields.percent') },
                { value: 'amount', label: t('promoCodes.fields.amount') },
              ]}
              {...field('kind')}
            />
          </Stack>
          <TextInput
            label={
              kind === 'amount'
                ? t('promoCodes.fields.amountValue', { currency: payments.currency })
                : t('promoCodes.fields.percentValue')
            }
            description={t(
              kind === 'amount' ? 'promoCodes.fields.amountHint' : 'promoCodes.fields.percentHint',
            )}
            required
            inputMode="decimal"
            maw={260}
            {...field('value')}
          />
          <Group grow align="flex-start">
            {(
              [
                ['validFrom', t('promoCodes.fields.validFrom')],
                ['validUntil', t('promoCodes.fields.validUntil')],
              ] as const
            ).map(([name, label]) => (
              <LocalDateTimeField
                key={name}
                label={label}
                timeZone={timeZone}
                clearable
                value={form.values[name] as string | null}
                onChange={(value) => form.setFieldValue(name, value)}
                error={field(name).error}
              />
            ))}
          </Group>
          <NumberInput
            label={t('promoCodes.fields.maxUses')}
            description={t('promoCodes.fields.maxUsesHint')}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={PROMO_USES_MAX}
            maw={260}
            {...field('maxUses')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{promo ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** R3: delete a promo code, confirmed; past sales keep the code they used. */
export function PromoCodeDeleteModal({
  projectId,
  promo,
  onClose,
}: {
  projectId: string;
  promo: PromoCode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePromoCode(projectId);
  return (
    <ConfirmModal
      opened
      danger
      title={t('promoCodes.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(promo.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('promoCodes.notifications.deleted') });
            onClose();
          },
        })
      }
    >
      {t('promoCodes.deleteBody', { code: promo.code })}
    </ConfirmModal>
  );
}

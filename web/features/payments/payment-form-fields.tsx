import {
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../../contracts/money';
import {
  PAYMENT_DESCRIPTION_MAX,
  PAYMENT_KINDS,
  PAYMENT_NAME_MAX,
  PAYMENT_QUANTITY_MAX,
  type PaymentFormInput,
  type PaymentFormOptions,
} from '../../../contracts/payments';
import type { AppForm } from '../../components/forms/use-app-form';
import { OffsetChoiceField } from '../activities/activity-fields';
import { LocalDateTimeField } from '../activities/local-date-time-field';

export type Ambiguous = { saleStartsAt: boolean; saleEndsAt: boolean };

/**
 * R1: the payment panel's fields: kind, names and descriptions in both languages, price (typed as people write it),
 * category, activity (activity payments), taxes; then the ticketing edition: on sale, the sale window in the
 * project's zone, the quantity (empty: no limit) and the roles that may buy it.
 */
export function PaymentFormFields({
  app,
  options,
  sold,
  ambiguous,
  onTimeChanged,
}: {
  app: AppForm<PaymentFormInput>;
  options: PaymentFormOptions;
  sold: number;
  /** The sale bounds lived twice (clocks falling back): the choice of the two instants is shown under them. */
  ambiguous: Ambiguous;
  onTimeChanged: (name: keyof Ambiguous) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const { form, field } = app;
  const values = form.getValues();
  const choices = (list: { id: string; name: { fr: string; en: string } }[]) =>
    list.map((entry) => ({ value: entry.id, label: entry.name[language] }));
  const dateField = (name: 'saleStartsAt' | 'saleEndsAt') => {
    const props = field(name);
    return (
      <Stack gap="xs">
        <LocalDateTimeField
          label={t(`payments.fields.${name}`)}
          timeZone={options.timeZone}
          clearable
          clearButtonProps={{
            'aria-label': t('payments.fields.clearDate', { name: t(`payments.fields.${name}`) }),
          }}
          value={values[name] ?? null}
          error={props.error}
          onBlur={props.onBlur as () => void}
          onChange={(next) => {
            form.setFieldValue(name, next);
            form.setFieldValue(`${name}Offset`, undefined);
            onTimeChanged(name);
          }}
          data-testid={`payment-${name}`}
        />
        {ambiguous[name] && <OffsetChoiceField {...field(`${name}Offset`)} />}
      </Stack>
    );
  };
  const quantity = field('quantity');

  return (
    <Stack>
      <Title order={3} size="h4">
        {t('payments.sections.general')}
      </Title>
      <Select
        label={t('payments.fields.kind')}
        required
        allowDeselect={false}
        data={PAYMENT_KINDS.map((kind) => ({ value: kind, label: t(`payments.kinds.${kind}`) }))}
        {...field('kind')}
      />
      <Group grow align="flex-start">
        <PaymentNameInputs field={field} />
      </Group>
      <Group grow align="flex-start">
        <Textarea
          label={t('payments.fields.descriptionFr')}
          rows={3}
          maxLength={PAYMENT_DESCRIPTION_MAX}
          {...field('description.fr')}
        />
        <Textarea
          label={t('payments.fields.descriptionEn')}
          rows={3}
          maxLength={PAYMENT_DESCRIPTION_MAX}
          {...field('description.en')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t('payments.fields.price', { currency: options.currency })}
          description={t('payments.fields.priceHint')}
          required
          inputMode="decimal"
          {...field('price')}
        />
        <Select
          label={t('payments.fields.category')}
          clearable
          data={choices(options.categories)}
          {...field('categoryId')}
        />
      </Group>
      {values.kind === 'activity' && (
        <Select
          label={t('payments.fields.activity')}
          required
          searchable
          data={choices(options.activities)}
          {...field('activityId')}
        />
      )}
      {options.taxes.length > 0 ? (
        <MultiSelect
          label={t('payments.fields.taxes')}
          data={options.taxes.map((tax) => ({
            value: tax.id,
            label: `${tax.name[language]} (${formatRate(tax.rateMilli, language)})`,
          }))}
          {...field('taxIds')}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('payments.fields.noTaxes')}
        </Text>
      )}

      <Title order={3} size="h4" mt="md">
        {t('payments.sections.ticketing')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('payments.ticketingIntro')}
      </Text>
      <Switch label={t('payments.fields.onSale')} {...field('onSale', { type: 'checkbox' })} />
      <Group grow align="flex-start">
        {dateField('saleStartsAt')}
        {dateField('saleEndsAt')}
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t('payments.fields.quantity')}
          description={t('payments.fields.quantityHint', { sold })}
          min={0}
          max={PAYMENT_QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          error={quantity.error}
          onBlur={quantity.onBlur as () => void}
          value={values.quantity ?? ''}
          onChange={(next) => form.setFieldValue('quantity', typeof next === 'number' ? next : null)}
          data-testid="payment-quantity"
        />
        <MultiSelect
          label={t('payments.fields.roles')}
          placeholder={values.roleIds?.length ? undefined : t('payments.fields.rolesPlaceholder')}
          data={choices(options.roles)}
          {...field('roleIds')}
        />
      </Group>
    </Stack>
  );
}

/** The French and English names of a payment or a payment category, the French one focused first. */
export function PaymentNameInputs({ field }: { field: AppForm<unknown>['field'] }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('payments.fields.nameFr')}
        required
        maxLength={PAYMENT_NAME_MAX}
        data-autofocus
        {...field('name.fr')}
      />
      <TextInput
        label={t('payments.fields.nameEn')}
        required
        maxLength={PAYMENT_NAME_MAX}
        {...field('name.en')}
      />
    </>
  );
}

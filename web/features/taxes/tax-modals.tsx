import { Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_NUMBER_MAX, TAX_NAME_MAX, type Tax, taxForm } from '../../../contracts/taxes';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { useDeleteTax, useSaveTax } from './api';
import { rateToInput } from './rate-input';

/** R2: add a tax or edit one: names in French and English, the rate typed « 9,975 » or "9.975", its number. */
export function TaxFormModal({
  projectId,
  tax,
  onClose,
}: {
  projectId: string;
  tax: Tax | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const save = useSaveTax(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: taxForm,
    initialValues: {
      name: tax ? { ...tax.name } : { fr: '', en: '' },
      rateMilli: tax ? rateToInput(tax.rateMilli, language) : '',
      registrationNumber: tax?.registrationNumber ?? '',
    },
    submit: (body) => save.mutateAsync({ taxId: tax?.id ?? null, body }),
    successMessage: t(tax ? 'taxes.notifications.saved' : 'taxes.notifications.created'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t(tax ? 'taxes.editTitle' : 'taxes.createTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('taxes.fields.nameFr')}
            required
            maxLength={TAX_NAME_MAX}
            data-autofocus
            {...field('name.fr')}
          />
          <TextInput
            label={t('taxes.fields.nameEn')}
            required
            maxLength={TAX_NAME_MAX}
            {...field('name.en')}
          />
          <TextInput
            label={t('taxes.fields.rate')}
            description={t('taxes.fields.rateHint')}
            required
            inputMode="decimal"
            maw={200}
            {...field('rateMilli')}
          />
          <TextInput
            label={t('taxes.fields.registrationNumber')}
            description={t('taxes.fields.registrationNumberHint')}
            maxLength={REGISTRATION_NUMBER_MAX}
            {...field('registrationNumber')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{tax ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** R2: delete a tax, confirmed: its payments lose it, past sales keep their copy. */
export function TaxDeleteModal({
  projectId,
  tax,
  name,
  onClose,
}: {
  projectId: string;
  tax: Tax;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteTax(projectId);
  return (
    <ConfirmModal
      opened
      danger
      title={t('taxes.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(tax.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('taxes.notifications.deleted') });
            onClose();
          },
        })
      }
    >
      {t('taxes.deleteBody', { name })}
    </ConfirmModal>
  );
}

import { Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Company, companyInput } from '../../../contracts/companies';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateCompany, useUpdateCompany } from './api';

/** A3: create a company, or edit the one given. */
export function CompanyFormModal({ company, onClose }: { company: Company | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const isNew = company === 'new';
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: companyInput,
    initialValues: isNew
      ? { name: '', contactEmail: '' }
      : { name: company.name, contactEmail: company.contactEmail ?? '' },
    submit: (body) =>
      isNew ? create.mutateAsync(body) : update.mutateAsync({ companyId: company.id, body }),
    successMessage: isNew ? t('companies.notifications.created') : t('companies.notifications.saved'),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={isNew ? t('companies.createTitle') : t('companies.editTitle')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label={t('companies.fields.name')} required data-autofocus {...field('name')} />
          <TextInput label={t('companies.fields.contactEmail')} type="email" {...field('contactEmail')} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{isNew ? t('common.create') : t('common.save')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

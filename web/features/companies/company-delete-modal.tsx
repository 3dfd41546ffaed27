import { Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../contracts/companies';
import { showError } from '../../components/feedback/error-dialog';
import { ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { useDeleteCompany } from './api';

/** A3: deleting says what goes with the company (its projects and users) and asks for its name. */
export function CompanyDeleteModal({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteCompany();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const matches = typed.trim().toLowerCase() === company.name.toLowerCase();

  function handleConfirm() {
    remove.mutate(
      { companyId: company.id, confirmName: typed },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('companies.notifications.deleted') });
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.isValidation) setError(e.fields[0]?.message);
          else showError(e);
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened
      title={t('companies.deleteTitle')}
      confirmLabel={t('companies.deleteConfirm')}
      onConfirm={handleConfirm}
      onCancel={onClose}
      danger
      loading={remove.isPending}
      confirmDisabled={!matches}
    >
      <Stack>
        <Text size="sm">
          {t('companies.deleteBody', {
            name: company.name,
            projects: company.projectCount,
            users: company.userCount,
          })}
        </Text>
        <TextInput
          label={t('companies.confirmNameLabel')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={error}
          placeholder={company.name}
          data-testid="confirm-name"
        />
      </Stack>
    </ConfirmModal>
  );
}

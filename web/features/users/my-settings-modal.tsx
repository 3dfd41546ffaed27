/** A1 « Mes réglages » / "My settings": every signed-in user's own language and project opened first. */
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/forms/submit-button';
import { AppModal } from '../../components/modal/app-modal';
import { useCurrentUser } from '../session/api';
import { SettingsFields, useSettingsForm } from './settings-form';

/** Opened from the account menu (web/features/shell/app-layout.tsx), loaded when first opened. */
export function MySettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const form = useSettingsForm({ user, self: true, savedKey: 'users.mySettings.saved', onSaved: onClose });
  return (
    <AppModal opened onClose={onClose} title={t('users.mySettings.title')} dirty={form.dirty}>
      <form onSubmit={form.onSubmit} noValidate>
        <Text size="sm" c="dimmed" mb="md">
          {t('users.mySettings.intro')}
        </Text>
        <SettingsFields form={form} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton loading={form.submitting} readOnlyAllowed>
            {t('common.save')}
          </SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

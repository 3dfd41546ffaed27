import { Button, Code, Divider, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { USER_ROLES, type UserItem, userInput, userSettingsInput } from '../../../contracts/users';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { useInviteUser, useUpdateUser } from './api';
import { SettingsFields, useSettingsForm } from './settings-form';

const inviteInput = userInput.extend({ locale: userSettingsInput.shape.locale });

function useChoices() {
  const { t } = useTranslation();
  return {
    roles: USER_ROLES.map((r) => ({ value: r, label: t(`users.roles.${r}`) })),
    languages: (['fr', 'en'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) })),
  };
}

/** A1: invite a colleague (new), or edit a user and their settings. */
export function UserFormModal({ user, onClose }: { user: UserItem | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={onClose} title={user === 'new' ? t('users.inviteTitle') : t('users.editTitle')}>
      {user === 'new' ? <InviteForm onClose={onClose} /> : <EditForms user={user} onClose={onClose} />}
    </AppModal>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const invite = useInviteUser();
  const { roles, languages } = useChoices();
  const { field, onSubmit, submitting } = useAppForm({
    schema: inviteInput,
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      role: 'organiser',
      locale: i18n.language === 'en' ? 'en' : 'fr',
    },
    submit: (body) => invite.mutateAsync(body),
    onSaved: (_, values) => {
      notificationsShow(t('users.notifications.invited', { address: values.email }));
      onClose();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label={t('users.fields.firstName')} required data-autofocus {...field('firstName')} />
        <TextInput label={t('users.fields.lastName')} required {...field('lastName')} />
        <TextInput label={t('users.fields.email')} type="email" required {...field('email')} />
        <Select
          label={t('users.fields.role')}
          data={roles}
          allowDeselect={false}
          required
          {...field('role')}
        />
        <Select
          label={t('users.fields.locale')}
          data={languages}
          allowDeselect={false}
          {...field('locale')}
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <SubmitButton loading={submitting}>{t('users.inviteSubmit')}</SubmitButton>
      </Group>
    </form>
  );
}

const notificationsShow = (message: string) => notifications.show({ color: 'teal', message });

function EditForms({ user, onClose }: { user: UserItem; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const { roles } = useChoices();
  const main = useAppForm({
    schema: userInput,
    initialValues: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role },
    submit: (body) => update.mutateAsync({ userId: user.id, body }),
    successMessage: t('users.notifications.saved'),
    onSaved: onClose,
  });
  const prefs = useSettingsForm({ user, self: user.isSelf, savedKey: 'users.notifications.settingsSaved' });
  return (
    <>
      <form onSubmit={main.onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('users.fields.firstName')}
            required
            data-autofocus
            {...main.field('firstName')}
          />
          <TextInput label={t('users.fields.lastName')} required {...main.field('lastName')} />
          <TextInput label={t('users.fields.email')} type="email" required {...main.field('email')} />
          <Select label={t('users.fields.role')} data={roles} allowDeselect={false} {...main.field('role')} />
        </Stack>
        <Group justify="flex-end" mt="md">
          <SubmitButton loading={main.submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
      <Divider my="md" />
      <Title order={2} size="h5" mb="xs">
        {t('users.settingsTitle')}
      </Title>
      <form onSubmit={prefs.onSubmit} noValidate>
        <SettingsFields form={prefs} />
        <Group justify="flex-end" mt="md">
          <SubmitButton loading={prefs.submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
    </>
  );
}

/** The PIN just made: shown this once. */
export function PinModal(props: { name: string; pin: string; expiresAt: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <AppModal opened onClose={props.onClose} title={t('users.pinTitle', { name: props.name })} size="sm">
      <Stack align="center">
        <Code fz={32} fw={700} px="lg" py="sm" data-testid="pin">
          {props.pin}
        </Code>
        <Text size="sm">{t('users.pinShown', { date: dateTime(props.expiresAt) })}</Text>
        <Button onClick={props.onClose} data-autofocus>
          {t('common.close')}
        </Button>
      </Stack>
    </AppModal>
  );
}

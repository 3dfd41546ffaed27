/** A1: a user's settings — the language and the project opened first — in « Mes réglages » and in a user's edition. */
import { Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listProjects } from '../../../contracts/projects';
import { type UserItem, type UserSettingsInput, userSettingsInput } from '../../../contracts/users';
import { type AppForm, useAppForm } from '../../components/forms/use-app-form';
import { call } from '../../lib/api';
import { applyLanguage } from '../../lib/i18n';
import { useUpdateUserSettings } from './api';

export interface SettingsFormOptions {
  user: { id: string } & UserSettingsInput;
  /** One's own settings: the language chosen applies at once, as the header's switch does. */
  self: boolean;
  /** The key of the notice shown once saved, in the language then shown. */
  savedKey: string;
  onSaved?: () => void;
}

/** The settings' form, saved through `PUT /api/users/:userId/settings`; the session is refreshed after. */
export function useSettingsForm({ user, self, savedKey, onSaved }: SettingsFormOptions) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useUpdateUserSettings();
  return useAppForm({
    schema: userSettingsInput,
    initialValues: { locale: user.locale, lastProjectId: user.lastProjectId },
    submit: async (body) => {
      const shown = i18n.language;
      // Saved, then the session refreshed (useUpdateUserSettings): the menu follows the project opened first.
      const saved: UserItem = await settings.mutateAsync({ userId: user.id, body });
      if (self && saved.locale !== shown) {
        await applyLanguage(saved.locale);
        // Lists sorted by name follow the language (as changeLanguage in session/api.ts).
        await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      }
      return saved;
    },
    onSaved: () => {
      notifications.show({ color: 'teal', message: i18n.t(savedKey) });
      onSaved?.();
    },
  });
}

/** The language (Français / English) and the project opened first (the projects the signed-in user may open, or none). */
export function SettingsFields({ form }: { form: AppForm<UserSettingsInput> }) {
  const { t, i18n } = useTranslation();
  const projects = useQuery({
    queryKey: ['projects', 'choices-for-settings'],
    queryFn: ({ signal }) => call(listProjects, { query: { pageSize: 100, sort: 'name' }, signal }),
  });
  const languages = (['fr', 'en'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) }));
  const projectChoices = [
    { value: '', label: t('users.noProject') },
    ...(projects.data?.items ?? []).map((p) => ({
      value: p.id,
      label: i18n.language === 'en' ? p.nameEn : p.nameFr,
    })),
  ];
  const projectField = form.field('lastProjectId');
  return (
    <Stack>
      <Select
        label={t('users.fields.locale')}
        data={languages}
        allowDeselect={false}
        {...form.field('locale')}
      />
      <Select
        label={t('users.fields.lastProjectId')}
        data={projectChoices}
        searchable
        allowDeselect={false}
        {...projectField}
        value={(projectField.value as string | null) ?? ''}
        onChange={(value) => (projectField.onChange as (v: string | null) => void)(value || null)}
      />
    </Stack>
  );
}

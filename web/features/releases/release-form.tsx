import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Release, releaseInput } from '../../../contracts/releases';
import { DateField } from '../../components/forms/date-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateRelease, useUpdateRelease } from './api';

/** Today in the reader's calendar, YYYY-MM-DD. */
function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type FieldProps = ReturnType<typeof useAppForm>['field'];

function ReleaseFields({ field, autoFocus }: { field: FieldProps; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('releases.fields.version')}
        description={t('releases.fields.versionHint')}
        required
        data-autofocus={autoFocus || undefined}
        inputMode="decimal"
        {...field('version')}
      />
      <DateField label={t('releases.fields.releasedOn')} {...field('releasedOn')} />
    </SimpleGrid>
  );
}

/** A5: a new release: its version and date. */
export function ReleaseCreateModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (release: Release) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRelease();
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: releaseInput,
    initialValues: { version: '', releasedOn: today() },
    submit: (body) => create.mutateAsync(body),
    successMessage: t('releases.notifications.created'),
    onSaved: (result) => onCreated(result as Release),
  });
  return (
    <AppModal opened onClose={onClose} title={t('releases.createTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <ReleaseFields field={field} autoFocus />
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** A5: the version and the date of a release, on its edition page. */
export function ReleaseEditForm({ release }: { release: Release }) {
  const { t } = useTranslation();
  const update = useUpdateRelease(release.id);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: releaseInput,
    initialValues: { version: release.version, releasedOn: release.releasedOn },
    submit: (body) => update.mutateAsync(body),
    successMessage: t('releases.notifications.saved'),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      <Stack>
        <ReleaseFields field={field} />
        <Group justify="flex-end">
          <SubmitButton loading={submitting} disabled={!dirty}>
            {t('common.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

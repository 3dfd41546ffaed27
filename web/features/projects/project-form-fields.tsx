import { Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectInput } from '../../../contracts/projects';
import { DateField } from '../../components/forms/date-field';
import { SubmitButton } from '../../components/forms/submit-button';
import type { AppForm } from '../../components/forms/use-app-form';
import { SelectButtons } from '../../components/select-buttons';

type FieldProps = (path: string) => Record<string, unknown> & { error?: string };

/** Every IANA time zone the browser knows, with the Québec and Canadian ones first. */
function useTimeZones() {
  return useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    const first = [
      'America/Toronto',
      'America/Vancouver',
      'America/Edmonton',
      'America/Halifax',
      'Europe/Paris',
      'UTC',
    ];
    return [...first.filter((z) => all.includes(z) || z === 'UTC'), ...all.filter((z) => !first.includes(z))];
  }, []);
}

/** J1: the project form of creation and edition; saving needs a change when `requireChange` is set. */
export function ProjectForm({
  appForm,
  submitLabel,
  requireChange = false,
}: {
  appForm: AppForm<ProjectInput>;
  submitLabel: string;
  requireChange?: boolean;
}) {
  const { form, field, onSubmit, submitting, dirty } = appForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <ProjectFormFields
        field={field}
        language={form.values.defaultLanguage as 'fr' | 'en'}
        onLanguage={(lang) => form.setFieldValue('defaultLanguage', lang)}
      />
      <Group justify="flex-end" mt="lg">
        <SubmitButton loading={submitting} disabled={requireChange && !dirty}>
          {submitLabel}
        </SubmitButton>
      </Group>
    </form>
  );
}

function ProjectFormFields({
  field,
  language,
  onLanguage,
}: {
  field: FieldProps;
  language: 'fr' | 'en';
  onLanguage: (lang: 'fr' | 'en') => void;
}) {
  const { t } = useTranslation();
  const zones = useTimeZones();
  const languageField = field('defaultLanguage');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('projects.fields.nameFr')} required lang="fr" {...field('nameFr')} />
        <TextInput label={t('projects.fields.nameEn')} required lang="en" {...field('nameEn')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField label={t('projects.fields.startsOn')} required {...field('startsOn')} />
        <DateField label={t('projects.fields.endsOn')} required {...field('endsOn')} />
        <Select
          label={t('projects.fields.timeZone')}
          data={zones}
          searchable
          required
          allowDeselect={false}
          {...field('timeZone')}
        />
      </SimpleGrid>
      <Input.Wrapper label={t('projects.fields.defaultLanguage')} error={languageField.error}>
        <SelectButtons
          label={t('projects.fields.defaultLanguage')}
          value={language}
          onChange={onLanguage}
          options={[
            { value: 'fr', label: t('languages.fr') },
            { value: 'en', label: t('languages.en') },
          ]}
        />
      </Input.Wrapper>
      <TextInput
        type="url"
        label={t('projects.fields.externalDashboardUrl')}
        placeholder="https://"
        {...field('externalDashboardUrl')}
      />
    </Stack>
  );
}

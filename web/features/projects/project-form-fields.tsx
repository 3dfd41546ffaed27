import { Checkbox, Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import type { ProjectInput } from '../../../contracts/projects';
import { DateField } from '../../components/forms/date-field';
import { SubmitButton } from '../../components/forms/submit-button';
import type { AppForm } from '../../components/forms/use-app-form';
import { SelectButtons } from '../../components/select-buttons';

/** The input props of a field, its error translated (useAppForm's `field`). */
export type FieldProps = (path: string) => Record<string, unknown> & { error?: string };

const CANADIAN_FIRST = [
  'America/Toronto',
  'America/Vancouver',
  'America/Edmonton',
  'America/Halifax',
  'Europe/Paris',
  'UTC',
];

/** Every IANA time zone the browser knows, with the Québec and Canadian ones first. */
export function useTimeZones() {
  return useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return [
      ...CANADIAN_FIRST.filter((z) => all.includes(z) || z === 'UTC'),
      ...all.filter((z) => !CANADIAN_FIRST.includes(z)),
    ];
  }, []);
}

/** The names in French and in English; `first` puts the language being edited first. */
export function ProjectNameFields({ field, first = 'fr' }: { field: FieldProps; first?: Language }) {
  const { t } = useTranslation();
  const fields: Record<Language, ReactNode> = {
    fr: <TextInput key="fr" label={t('projects.fields.nameFr')} required lang="fr" {...field('nameFr')} />,
    en: <TextInput key="en" label={t('projects.fields.nameEn')} required lang="en" {...field('nameEn')} />,
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields[first]}
      {fields[first === 'fr' ? 'en' : 'fr']}
    </SimpleGrid>
  );
}

export function ProjectDateFields({ field }: { field: FieldProps }) {
  const { t } = useTranslation();
  const zones = useTimeZones();
  return (
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
  );
}

/**
 * The event's languages (French, English or both) and the default one. Unticking the default language makes the
 * other one the default, so the two never disagree.
 */
export function ProjectLanguageFields({
  field,
  languages,
  defaultLanguage,
  onChange,
}: {
  field: FieldProps;
  languages: Language[];
  defaultLanguage: Language;
  onChange: (languages: Language[], defaultLanguage: Language) => void;
}) {
  const { t } = useTranslation();
  const languagesField = field('languages');
  const defaultField = field('defaultLanguage');
  const offered = languages.length > 0 ? languages : (['fr', 'en'] as Language[]);
  return (
    <Stack>
      <Checkbox.Group
        label={t('projectConfig.general.languages')}
        description={t('projectConfig.general.languagesHint')}
        value={languages}
        error={languagesField.error}
        onChange={(next) => {
          const chosen = (['fr', 'en'] as const).filter((l) => next.includes(l));
          onChange(
            chosen,
            chosen.length > 0 && !chosen.includes(defaultLanguage) ? chosen[0] : defaultLanguage,
          );
        }}
        required
      >
        <Group mt="xs">
          <Checkbox value="fr" label={t('languages.fr')} />
          <Checkbox value="en" label={t('languages.en')} />
        </Group>
      </Checkbox.Group>
      <Input.Wrapper label={t('projects.fields.defaultLanguage')} error={defaultField.error}>
        <SelectButtons
          label={t('projects.fields.defaultLanguage')}
          value={defaultLanguage}
          onChange={(lang) => onChange(languages, lang)}
          options={offered.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
      </Input.Wrapper>
    </Stack>
  );
}

/** J1/J3: the project form of the settings' general tab; saving needs a change when `requireChange` is set. */
export function ProjectForm({
  appForm,
  submitLabel,
  requireChange = false,
}: {
  appForm: AppForm<ProjectInput>;
  submitLabel: string;
  requireChange?: boolean;
}) {
  const { t } = useTranslation();
  const { form, field, onSubmit, submitting, dirty } = appForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ProjectNameFields field={field} />
        <ProjectDateFields field={field} />
        <ProjectLanguageFields
          field={field}
          languages={(form.values.languages ?? []) as Language[]}
          defaultLanguage={form.values.defaultLanguage as Language}
          onChange={(languages, defaultLanguage) => {
            form.setFieldValue('languages', languages);
            form.setFieldValue('defaultLanguage', defaultLanguage);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="email"
            label={t('projectConfig.general.projectEmail')}
            description={t('projectConfig.general.projectEmailHint')}
            {...field('projectEmail')}
          />
          <TextInput
            type="email"
            label={t('projectConfig.general.supportEmail')}
            description={t('projectConfig.general.supportEmailHint')}
            {...field('supportEmail')}
          />
        </SimpleGrid>
        <TextInput
          type="url"
          label={t('projects.fields.externalDashboardUrl')}
          placeholder="https://"
          {...field('externalDashboardUrl')}
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <SubmitButton loading={submitting} disabled={requireChange && !dirty}>
          {submitLabel}
        </SubmitButton>
      </Group>
    </form>
  );
}

import { List, Stack, Switch, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import { MODULE_OPTIONS } from '../../../contracts/project-options';
import { BANNER_SIZE, LOGO_SIZE } from '../../../contracts/projects';
import type { ProjectWizardInput, ProjectWizardStep } from '../../../contracts/wizards';
import type { AppForm } from '../../components/forms/use-app-form';
import { ImageField } from '../../components/images';
import { useFormat } from '../../lib/format';
import { ProjectDateFields, ProjectLanguageFields, ProjectNameFields } from '../projects/project-form-fields';

export interface ProjectStepProps {
  appForm: AppForm<ProjectWizardInput>;
  /** The language being edited (the wizard's setting). */
  language: Language;
}

function Intro({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" mb="md">
      {children}
    </Text>
  );
}

function NamesStep({ appForm, language }: ProjectStepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Intro>{t('wizard.project.intro.names')}</Intro>
      <ProjectNameFields field={appForm.field} first={language} />
    </>
  );
}

function DatesStep({ appForm }: ProjectStepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Intro>{t('wizard.project.intro.dates')}</Intro>
      <ProjectDateFields field={appForm.field} />
      <Text size="sm" mt="sm">
        {t('wizard.project.timeZoneHint', { timeZone: appForm.form.values.timeZone })}
      </Text>
    </>
  );
}

function LanguagesStep({ appForm }: ProjectStepProps) {
  const { t } = useTranslation();
  const { form, field } = appForm;
  return (
    <>
      <Intro>{t('wizard.project.intro.languages')}</Intro>
      <ProjectLanguageFields
        field={field}
        languages={form.values.languages as Language[]}
        defaultLanguage={form.values.defaultLanguage as Language}
        onChange={(languages, defaultLanguage) => {
          form.setFieldValue('languages', languages);
          form.setFieldValue('defaultLanguage', defaultLanguage);
        }}
      />
    </>
  );
}

function ModulesStep({ appForm }: ProjectStepProps) {
  const { t } = useTranslation();
  const { form } = appForm;
  const chosen = form.values.modules as number[];
  const error = appForm.field('modules').error;
  return (
    <>
      <Intro>{t('wizard.project.intro.modules')}</Intro>
      <Stack gap="md">
        {MODULE_OPTIONS.map((option) => (
          <Switch
            key={option.id}
            label={t(option.labelKey)}
            description={t(option.descriptionKey)}
            checked={chosen.includes(option.id)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              form.setFieldValue(
                'modules',
                MODULE_OPTIONS.map((o) => o.id).filter((id) => (id === option.id ? on : chosen.includes(id))),
              );
            }}
            data-option-id={option.id}
          />
        ))}
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
      </Stack>
    </>
  );
}

function BrandingStep({ appForm }: ProjectStepProps) {
  const { t } = useTranslation();
  const { form, field } = appForm;
  const images = [
    { name: 'logoFileId', purpose: 'project.logo', size: LOGO_SIZE, label: t('projectConfig.branding.logo') },
    {
      name: 'bannerFileId',
      purpose: 'project.banner',
      size: BANNER_SIZE,
      label: t('projectConfig.branding.banner'),
    },
  ] as const;
  return (
    <>
      <Intro>{t('wizard.project.intro.branding')}</Intro>
      <Stack gap="lg">
        {images.map((image) => {
          const error = field(image.name).error;
          return (
            <div key={image.name} data-testid={`wizard-${image.name}`}>
              <ImageField
                label={image.label}
                purpose={image.purpose}
                width={image.size.width}
                height={image.size.height}
                value={(form.values[image.name] as string | null) ?? null}
                onChange={(fileId) => form.setFieldValue(image.name, fileId)}
              />
              {error && (
                <Text c="red" size="sm" mt={4}>
                  {error}
                </Text>
              )}
            </div>
          );
        })}
      </Stack>
    </>
  );
}

function SummaryStep({ appForm, language }: ProjectStepProps) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const v = appForm.form.values;
  const names = language === 'en' ? [v.nameEn, v.nameFr] : [v.nameFr, v.nameEn];
  const modules = MODULE_OPTIONS.filter((o) => (v.modules as number[]).includes(o.id));
  const rows: [string, ReactNode][] = [
    [t('wizard.project.summary.name'), names.join(' / ')],
    [
      t('wizard.project.summary.dates'),
      t('projects.dashboard.dateRange', { start: date(v.startsOn, 'long'), end: date(v.endsOn, 'long') }),
    ],
    [t('wizard.project.summary.timeZone'), v.timeZone],
    [
      t('wizard.project.summary.languages'),
      (v.languages as Language[]).map((l) => t(`languages.${l}`)).join(', '),
    ],
    [t('wizard.project.summary.defaultLanguage'), t(`languages.${v.defaultLanguage as Language}`)],
    [
      t('wizard.project.summary.modules'),
      modules.length ? (
        <List size="sm" key="modules">
          {modules.map((o) => (
            <List.Item key={o.id}>{t(o.labelKey)}</List.Item>
          ))}
        </List>
      ) : (
        t('wizard.project.summary.noModules')
      ),
    ],
    [
      t('wizard.project.summary.logo'),
      v.logoFileId ? t('wizard.project.summary.imageChosen') : t('wizard.project.summary.noImage'),
    ],
    [
      t('wizard.project.summary.banner'),
      v.bannerFileId ? t('wizard.project.summary.imageChosen') : t('wizard.project.summary.noImage'),
    ],
  ];
  return (
    <>
      <Intro>{t('wizard.project.intro.summary')}</Intro>
      <Table data-testid="wizard-summary" variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={220}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

export const PROJECT_STEP_PAGES: Record<ProjectWizardStep, (props: ProjectStepProps) => ReactNode> = {
  names: NamesStep,
  dates: DatesStep,
  languages: LanguagesStep,
  modules: ModulesStep,
  branding: BrandingStep,
  summary: SummaryStep,
};

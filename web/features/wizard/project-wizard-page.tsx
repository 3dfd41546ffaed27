import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import { MODULE_OPTIONS } from '../../../contracts/project-options';
import {
  PROJECT_WIZARD_STEPS,
  type ProjectWizardInput,
  type ProjectWizardStep,
  type ProjectWizardStepInput,
  projectWizardInput,
  WIZARD_TYPES,
  type WizardNav,
} from '../../../contracts/wizards';
import { useAppForm } from '../../components/forms/use-app-form';
import { WizardFrame } from '../../components/wizard/wizard-frame';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useTimeZones } from '../projects/project-form-fields';
import { useCreateProjectFromWizard, useValidateProjectStep } from './api';
import { PROJECT_STEP_PAGES } from './project-wizard-steps';

function inDays(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d.toLocaleDateString('en-CA');
}

/** The fields each step sends for checking. */
function stepBody(
  step: Exclude<ProjectWizardStep, 'summary'>,
  v: ProjectWizardInput,
): ProjectWizardStepInput {
  switch (step) {
    case 'names':
      return { step, nameFr: v.nameFr, nameEn: v.nameEn };
    case 'dates':
      return { step, startsOn: v.startsOn, endsOn: v.endsOn, timeZone: v.timeZone };
    case 'languages':
      return { step, languages: v.languages, defaultLanguage: v.defaultLanguage };
    case 'modules':
      return { step, modules: v.modules };
    case 'branding':
      return { step, logoFileId: v.logoFileId ?? null, bannerFileId: v.bannerFileId ?? null };
  }
}

/**
 * P10, wizard type 1: a new project, step by step. Each step is checked by the server before going on; "Create"
 * makes the project, its modules and its branding at once, then the whole window opens the new project's dashboard.
 */
export function ProjectWizardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('wizard.project.title'));
  const timeZones = useTimeZones();
  const validate = useValidateProjectStep();
  const create = useCreateProjectFromWizard();
  const [language, setLanguage] = useState<Language>(i18n.language === 'en' ? 'en' : 'fr');
  const appForm = useAppForm({
    schema: projectWizardInput,
    initialValues: {
      nameFr: '',
      nameEn: '',
      startsOn: inDays(30),
      endsOn: inDays(30),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Toronto',
      languages: ['fr', 'en'],
      defaultLanguage: i18n.language === 'en' ? 'en' : 'fr',
      modules: MODULE_OPTIONS.filter((o) => o.default).map((o) => o.id),
      logoFileId: null,
      bannerFileId: null,
    },
    submit: (values) => create.mutateAsync(values),
  });
  const { form } = appForm;

  /** Field errors of the server go under their fields; true when all of them did. */
  function showFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.isValidation) return false;
    const inForm = error.fields.every((f) => f.field.split('.')[0] in form.values);
    if (!inForm) return false;
    for (const f of error.fields) form.setFieldError(f.field.split('.')[0], f.message);
    return true;
  }

  async function onNavigate(nav: WizardNav, stepId: string) {
    if (nav !== 1 || stepId === 'summary') return undefined;
    form.clearErrors();
    try {
      await validate.mutateAsync(stepBody(stepId as Exclude<ProjectWizardStep, 'summary'>, form.values));
      return undefined;
    } catch (error) {
      if (showFieldErrors(error)) return false;
      throw error;
    }
  }

  async function onFinish() {
    try {
      const project = await create.mutateAsync(form.values);
      return `/projects/${project.id}`;
    } catch (error) {
      // Under their fields for when the organiser goes back; the popup lists them here.
      showFieldErrors(error);
      throw error;
    }
  }

  const steps = PROJECT_WIZARD_STEPS.map((id) => ({
    id,
    label: t(`wizard.project.steps.${id}`),
    render: () => {
      const Page = PROJECT_STEP_PAGES[id];
      return <Page appForm={appForm} language={language} />;
    },
  }));

  return (
    <WizardFrame
      type={WIZARD_TYPES.project}
      title={t('wizard.project.title')}
      steps={steps}
      settings={{ timeZone: form.values.timeZone, language }}
      onSettingsChange={(settings) => {
        setLanguage(settings.language);
        if (settings.timeZone !== form.values.timeZone) form.setFieldValue('timeZone', settings.timeZone);
      }}
      timeZones={timeZones}
      onNavigate={onNavigate}
      onFinish={onFinish}
      finishLabel={t('wizard.project.create')}
      redirect="/projects"
      dirty={appForm.dirty}
    />
  );
}

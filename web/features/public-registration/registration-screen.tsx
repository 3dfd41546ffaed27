import { Alert, Anchor, Box, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import type { PublicRegistrationPage, RegistrationQuote } from '../../../contracts/registration';
import { PublicLanguageSwitch } from '../../components/public-page/language-switch';
import { PublicPageStatus } from '../../components/public-page/page-status';
import { applyLanguage } from '../../lib/i18n';
import { loadPage, type PageState, purchase, quote, type Refusal } from './api';
import type { Selection } from './choice-steps';

/**
 * The steps load after the first paint (the page's weight budget, docs/architecture.md): their form controls, and
 * the profile's rules (the project's U5 rules, shared with the server).
 */
const ChoiceStep = lazy(() => import('./choice-steps').then((m) => ({ default: m.ChoiceStep })));
const ProfileStep = lazy(() => import('./profile-step').then((m) => ({ default: m.ProfileStep })));
const SummaryStep = lazy(() => import('./summary-step').then((m) => ({ default: m.SummaryStep })));

/** The language chosen with the page's switch, remembered on this device. */
const LANGUAGE_KEY = 'maillage.registrationPage.language';
const chosenLanguage = (): Language | null => {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return stored === 'fr' || stored === 'en' ? stored : null;
};

export type Step = 'choice' | 'profile' | 'summary' | 'done';
const STEPS: Step[] = ['choice', 'profile', 'summary'];

/** What the card payment page sent the buyer back with (`?sale=paid` or `?sale=cancelled`). */
const returned = () => new URLSearchParams(window.location.search).get('sale');

/** Which step shows a field's error: the choice's, or the profile's. */
const isChoiceField = (field: string) => field === 'roleId' || field.startsWith('items');

/**
 * The public registration page (`/r/<token>`): choose the role and what to buy (with promo codes), fill the profile
 * fields the project asks for, read the summary with its taxes and total, then register (free) or pay by card.
 */
export function RegistrationScreen({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [language, setLanguage] = useState<Language | null>(chosenLanguage);
  const [step, setStep] = useState<Step>(returned() === 'paid' ? 'done' : 'choice');
  const [selection, setSelection] = useState<Selection>({
    roleId: null,
    registrationId: null,
    activityIds: [],
    codes: {},
  });
  const [values, setValues] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<RegistrationQuote | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    void loadPage(token).then(setState);
  }, [token]);
  useEffect(reload, [reload]);

  const page = state.kind === 'ready' ? state.page : null;
  const shown: Language = language ?? page?.project.defaultLanguage ?? 'fr';
  useEffect(() => {
    if (i18n.language !== shown) void applyLanguage(shown).catch(() => undefined);
    else document.documentElement.lang = shown;
  }, [i18n, shown]);
  useEffect(() => {
    if (page) document.title = t('publicRegistration.documentTitle', { project: page.project.name[shown] });
  }, [page, shown, t]);

  const choice = () => ({
    roleId: selection.roleId ?? '',
    items: [selection.registrationId, ...selection.activityIds]
      .filter((id): id is string => Boolean(id))
      .map((paymentId) => ({ paymentId, promoCode: selection.codes[paymentId]?.trim() || undefined })),
  });

  /** A refusal goes to the step whose fields it names; a refusal of no field stays here as an alert. */
  const refuse = (answer: Refusal) => {
    setRefusal(answer);
    const fields = Object.keys(answer.fields);
    if (fields.some(isChoiceField)) setStep('choice');
    else if (fields.length > 0) setStep('profile');
  };

  const toSummary = async () => {
    setBusy(true);
    const answer = await quote(token, choice(), shown);
    setBusy(false);
    if (!answer.ok) return refuse(answer.refusal);
    setRefusal(null);
    setSummary(answer.value);
    setStep('profile');
  };

  const buy = async () => {
    setBusy(true);
    const answer = await purchase(
      token,
      {
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        email: values.email ?? '',
        organisation: values.organisation,
        jobTitle: values.jobTitle,
        phone: values.phone,
        phonePro: values.phonePro,
        ...choice(),
        language: shown,
        profile: profileOf(page, values),
      },
      shown,
    );
    if (!answer.ok) {
      setBusy(false);
      return refuse(answer.refusal);
    }
    if (answer.value.status === 'checkout' && answer.value.url) {
      window.location.assign(answer.value.url);
      return;
    }
    setBusy(false);
    setRefusal(null);
    setStep('done');
  };

  if (!page) return <PageStatus state={state} onRetry={reload} />;
  const { project } = page;
  const languages = project.languages.length ? project.languages : (['fr', 'en'] as Language[]);
  return (
    <Box mih="100vh" bg={project.colours.background}>
      <Box component="header" bg={project.colours.bannerBackground} c={project.colours.bannerText} py="md">
        <Container size="sm">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text fw={700}>{project.name[shown]}</Text>
            <PublicLanguageSwitch
              languages={languages}
              value={shown}
              label={t('publicRegistration.language')}
              storageKey={LANGUAGE_KEY}
              onChange={setLanguage}
            />
          </Group>
        </Container>
      </Box>
      <Container size="sm" py="lg" px="sm" component="main">
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t('publicRegistration.title')}
          </Title>
          {step !== 'done' && (
            <Text size="sm" c="dimmed" aria-label={t('publicRegistration.steps.label')} data-testid="step">
              {STEPS.indexOf(step) + 1} / {STEPS.length} — {t(`publicRegistration.steps.${step}`)}
            </Text>
          )}
          {returned() === 'cancelled' && step === 'choice' && (
            <Alert color="yellow">{t('publicRegistration.done.cancelled')}</Alert>
          )}
          {refusal && (refusal.title || refusal.status === 0) && Object.keys(refusal.fields).length === 0 && (
            <Alert color="red" role="alert" data-testid="refusal">
              {refusal.title || t('publicRegistration.failed')}
            </Alert>
          )}
          <Suspense
            fallback={<Loader size="sm" role="progressbar" aria-label={t('publicRegistration.loading')} />}
          >
            {step === 'choice' && (
              <ChoiceStep
                page={page}
                language={shown}
                selection={selection}
                onChange={(next) => {
                  setSelection(next);
                  setRefusal(null);
                }}
                errors={refusal?.fields ?? {}}
                busy={busy}
                onNext={() => void toSummary()}
              />
            )}
            {step === 'profile' && (
              <ProfileStep
                page={page}
                language={shown}
                values={values}
                onChange={setValues}
                serverErrors={refusal?.fields ?? {}}
                onBack={() => setStep('choice')}
                onNext={() => {
                  setRefusal(null);
                  setStep('summary');
                }}
              />
            )}
            {step === 'summary' && summary && (
              <SummaryStep
                quote={summary}
                language={shown}
                busy={busy}
                onBack={() => setStep('profile')}
                onConfirm={() => void buy()}
              />
            )}
          </Suspense>
          {step === 'done' && (
            <Alert color="teal" title={t('publicRegistration.done.title')} data-testid="registration-done">
              {t(returned() === 'paid' ? 'publicRegistration.done.paid' : 'publicRegistration.done.body')}
            </Alert>
          )}
          {project.supportEmail && (
            <Text size="sm">
              {t('publicRegistration.support')}{' '}
              <Anchor href={`mailto:${project.supportEmail}`}>{project.supportEmail}</Anchor>
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

/** The own profile fields' values (by field id) of the form's values; the standard ones go by their key. */
function profileOf(page: PublicRegistrationPage | null, values: Record<string, string>) {
  const profile: Record<string, string> = {};
  for (const field of page?.fields ?? []) {
    if (!field.standard && values[field.key]) profile[field.key] = values[field.key];
  }
  return profile;
}

function PageStatus({ state, onRetry }: { state: PageState; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PublicPageStatus
      kind={state.kind === 'ready' ? 'loading' : state.kind}
      onRetry={onRetry}
      texts={{
        loading: t('publicRegistration.loading'),
        notFoundTitle: t('publicRegistration.notFound.title'),
        notFoundBody: t('publicRegistration.notFound.body'),
        closed: t('publicRegistration.closed'),
        tooMany: t('publicRegistration.tooMany'),
        failed: t('publicRegistration.failed'),
        retry: t('publicRegistration.retry'),
      }}
    />
  );
}

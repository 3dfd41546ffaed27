import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconRefresh, IconX } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import { type WizardNav, type WizardType, wizardNeedsRef } from '../../../contracts/wizards';
import { showError } from '../feedback/error-dialog';
import { UnsavedChangesGuard } from '../forms/unsaved-guard';
import { LeaveConfirmModal } from '../modal/app-modal';
import { SelectButtons } from '../select-buttons';
import classes from './wizard-frame.module.css';

/** Wizard-level settings: the time zone dates are entered in, and the language being edited. */
export interface WizardSettings {
  timeZone: string;
  language: Language;
}

/** What every page of a wizard receives. */
export interface WizardPageProps {
  type: WizardType;
  refId?: string;
  settings: WizardSettings;
}

export interface WizardStep {
  id: string;
  /** The page's title, shown above it and in the progress. */
  label: string;
  render: (props: WizardPageProps) => ReactNode;
}

export interface WizardFrameProps {
  type: WizardType;
  /** Types 2, 3, 4 and 9 work on an existing object: its id. */
  refId?: string;
  title: string;
  steps: WizardStep[];
  settings: WizardSettings;
  onSettingsChange: (settings: WizardSettings) => void;
  /** The time zones offered in the header (the product's list, Canadian ones first). */
  timeZones: string[];
  /**
   * Called before a page changes: nav 1 (next) checks the current page — resolve `false` to stay without a word
   * (the page shows its field errors), throw to stay with the error popup; -1 (previous) and 0 (reload) may refresh.
   */
  onNavigate?: (nav: WizardNav, stepId: string) => Promise<boolean | undefined>;
  /** The last page's action; resolves with the end-redirect address when it depends on what was made. */
  onFinish: () => Promise<string | undefined>;
  finishLabel: string;
  /** Where "close" goes. */
  redirect: string;
  /** Where the wizard goes once finished ("close at the end"), unless onFinish gives an address. */
  endRedirect?: string;
  /** Something was entered: leaving mid-way asks first (P7). */
  dirty: boolean;
}

/** How type 1 leaves: the whole window goes (a new load of the app), tests replace it. */
export const wizardWindow = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * P10: the wizard frame. Pages one at a time (next 1, previous -1, reload 0) with a 30 ms fade, the progress
 * (step n of m), the wizard's time zone and language in its header, a close button and, on the last page, the
 * close-at-end button that runs the wizard's action. Type 1 leaves by redirecting the whole window; the other types
 * stay inside the app. Enter in a page's field moves on, like the Next button.
 */
export function WizardFrame(props: WizardFrameProps) {
  const { type, refId, steps, settings } = props;
  const { t } = useTranslation();
  const router = useRouter();
  const [index, setIndex] = useState(0);
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState(false);
  const [askingToClose, setAskingToClose] = useState(false);
  /** Once set, the wizard is leaving for this address: the unsaved-changes guard stands down first. */
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (wizardNeedsRef(type) && !refId) throw new Error(`A wizard of type ${type} needs a refId`);

  const step = steps[index];
  const last = index === steps.length - 1;

  useEffect(() => {
    if (leavingTo === null) return;
    if (type === 1) wizardWindow.assign(leavingTo);
    else void router.navigate({ href: leavingTo, ignoreBlocker: true });
  }, [leavingTo, type, router]);

  // After a move the page's title takes the focus, so a keyboard or screen-reader user starts at the new page.
  const pageKey = `${step.id}:${reloads}`;
  const shownPage = useRef(pageKey);
  useEffect(() => {
    if (shownPage.current !== pageKey) heading.current?.focus();
    shownPage.current = pageKey;
  }, [pageKey]);

  async function navigate(nav: WizardNav) {
    if (busy) return;
    setBusy(true);
    try {
      const go = await props.onNavigate?.(nav, step.id);
      if (go === false) return;
      if (nav === 0) setReloads((n) => n + 1);
      else setIndex((i) => Math.min(Math.max(i + nav, 0), steps.length - 1));
    } catch (error) {
      // P10: a failed step alerts.
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    if (busy) return;
    setBusy(true);
    try {
      const address = (await props.onFinish()) ?? props.endRedirect ?? props.redirect;
      setLeavingTo(address);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  function close() {
    if (props.dirty) setAskingToClose(true);
    else setLeavingTo(props.redirect);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (last) void finish();
    else void navigate(1);
  }

  const pageProps: WizardPageProps = { type, refId, settings };
  const progress = t('wizard.frame.progress', { current: index + 1, total: steps.length });

  return (
    <Stack maw={900} gap="md" data-testid="wizard" data-wizard-type={type}>
      <UnsavedChangesGuard dirty={props.dirty && leavingTo === null} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={16} />}
          onClick={close}
          disabled={busy}
        >
          {t('wizard.frame.close')}
        </Button>
      </Group>
      <Paper withBorder p="sm">
        <Group gap="lg" align="flex-end">
          <Select
            label={t('wizard.frame.timeZone')}
            data={props.timeZones}
            value={settings.timeZone}
            onChange={(timeZone) => timeZone && props.onSettingsChange({ ...settings, timeZone })}
            searchable
            allowDeselect={false}
            w={280}
            size="xs"
          />
          <Stack gap={4}>
            <Text size="xs" fw={500}>
              {t('wizard.frame.language')}
            </Text>
            <SelectButtons
              label={t('wizard.frame.language')}
              value={settings.language}
              onChange={(language) => props.onSettingsChange({ ...settings, language })}
              options={[
                { value: 'fr', label: t('languages.fr') },
                { value: 'en', label: t('languages.en') },
              ]}
            />
          </Stack>
        </Group>
      </Paper>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" data-testid="wizard-progress">
          {progress}
        </Text>
        <Progress value={((index + 1) / steps.length) * 100} aria-label={progress} size="sm" />
      </Stack>
      <Paper withBorder p="md">
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <Group justify="space-between" mb="md">
            <Title order={2} size="h3" ref={heading} tabIndex={-1} data-testid="wizard-step-title">
              {step.label}
            </Title>
            <Tooltip label={t('wizard.frame.reload')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('wizard.frame.reload')}
                onClick={() => void navigate(0)}
                disabled={busy}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <div key={pageKey} className={classes.page} data-testid="wizard-page">
            {step.render(pageProps)}
          </div>
          <Group justify="space-between" mt="xl">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => void navigate(-1)}
              disabled={index === 0 || busy}
            >
              {t('wizard.frame.previous')}
            </Button>
            {last ? (
              <Button type="submit" loading={busy} data-testid="wizard-finish">
                {props.finishLabel}
              </Button>
            ) : (
              <Button type="submit" loading={busy} rightSection={<IconArrowRight size={16} />}>
                {t('wizard.frame.next')}
              </Button>
            )}
          </Group>
        </form>
      </Paper>
      <LeaveConfirmModal
        opened={askingToClose}
        onStay={() => setAskingToClose(false)}
        onQuit={() => {
          setAskingToClose(false);
          setLeavingTo(props.redirect);
        }}
      />
    </Stack>
  );
}

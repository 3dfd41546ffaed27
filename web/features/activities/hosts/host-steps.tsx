import { Alert, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityHostInput, HOST_EMAIL_MAX, HOST_NAME_MAX } from '../../../../contracts/activity-hosts';
import { decodeMessage } from '../../../../contracts/http';
import { showError } from '../../../components/feedback/error-dialog';
import { ApiError } from '../../../lib/api';
import { createHost, lookupEmail } from './api';

type Field = 'email' | 'firstName' | 'lastName';

interface HostStepState {
  /** 1: e-mail lookup; 2: names (prefilled from the lookup); 3: kept, created right after the activity. */
  step: 1 | 2 | 3;
  email: string;
  firstName: string;
  lastName: string;
  /** Whether the lookup found a person of the company with this e-mail. */
  known: boolean;
  errors: Partial<Record<Field, string>>;
  /** The server's message when the host could not be created after the activity. */
  failure: string | null;
  looking: boolean;
}

const START: HostStepState = {
  step: 1,
  email: '',
  firstName: '',
  lastName: '',
  known: false,
  errors: {},
  failure: null,
  looking: false,
};

/**
 * V3: the add modal's optional new host, found by e-mail in three steps (spec 002 §4): 1 the e-mail is looked up,
 * 2 the names (prefilled when the person is known) are checked, 3 the host is kept; « Recommencer » returns to
 * step 1. The modal calls `createFor` once the activity is created. A refusal there shows the server's message and
 * goes back to step 2, the e-mail disabled again (spec 002 §8).
 */
export function useHostSteps(projectId: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<HostStepState>(START);
  const patch = (next: Partial<HostStepState>) => setState((s) => ({ ...s, ...next }));

  async function lookup() {
    patch({ looking: true, errors: {}, failure: null });
    try {
      const answer = await lookupEmail(projectId, state.email);
      if (!answer.valid) {
        patch({ looking: false, errors: { email: t('activities.hosts.steps.invalidEmail') } });
        return;
      }
      patch({
        looking: false,
        step: 2,
        email: answer.email,
        known: answer.firstName !== null,
        firstName: answer.firstName ?? '',
        lastName: answer.lastName ?? '',
      });
    } catch (error) {
      patch({ looking: false });
      showError(error);
    }
  }

  /** Step 2 → 3: the same rules as the server (names of more than 1 character once one space is removed). */
  function keep() {
    const parsed = activityHostInput.safeParse(state);
    if (parsed.success) {
      patch({ step: 3, errors: {}, failure: null, ...parsed.data });
      return;
    }
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const { key, values } = decodeMessage(issue.message);
      errors[issue.path[0] as Field] ??= t(key, values);
    }
    patch({ errors });
  }

  async function createFor(activityId: string) {
    if (state.step !== 3) return;
    try {
      await createHost(projectId, activityId, {
        email: state.email,
        firstName: state.firstName,
        lastName: state.lastName,
      });
      setState(START);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? [error.title, ...error.fields.map((f) => f.message)].filter(Boolean).join(' ')
          : String(error);
      const errors: Partial<Record<Field, string>> = {};
      if (error instanceof ApiError) for (const f of error.fields) errors[f.field as Field] = f.message;
      patch({ step: 2, failure: t('activities.hosts.steps.failed', { message }), errors });
      throw error;
    }
  }

  return { state, patch, lookup, keep, reset: () => setState(START), createFor };
}

export type HostSteps = ReturnType<typeof useHostSteps>;

export function HostStepsFieldset({ steps }: { steps: HostSteps }) {
  const { t } = useTranslation();
  const { state, patch } = steps;
  const name = `${state.firstName} ${state.lastName}`;
  // Enter in the e-mail field looks it up rather than submitting the activity's form.
  const onEmailKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void steps.lookup();
  };
  return (
    <Fieldset legend={t('activities.hosts.steps.legend')} data-testid="host-steps" data-step={state.step}>
      <Stack gap="sm">
        {state.failure && (
          <Alert color="red" role="alert">
            {state.failure}
          </Alert>
        )}
        {state.step === 3 ? (
          <Text size="sm" data-testid="host-kept">
            {t('activities.hosts.steps.kept', { name, address: state.email })}
          </Text>
        ) : (
          <>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('activities.hosts.fields.email')}
                description={state.step === 1 ? t('activities.hosts.steps.lookupHint') : undefined}
                type="email"
                maxLength={HOST_EMAIL_MAX}
                value={state.email}
                disabled={state.step !== 1}
                error={state.errors.email}
                onChange={(event) => patch({ email: event.currentTarget.value, errors: {} })}
                onKeyDown={onEmailKey}
                style={{ flex: 1 }}
              />
              {state.step === 1 && (
                <Button variant="light" loading={state.looking} onClick={() => void steps.lookup()}>
                  {t('activities.hosts.steps.lookup')}
                </Button>
              )}
            </Group>
            {state.step === 2 && (
              <>
                <Text size="sm" c="dimmed">
                  {t(state.known ? 'activities.hosts.steps.known' : 'activities.hosts.steps.unknown')}
                </Text>
                <Group grow align="flex-start">
                  <TextInput
                    label={t('activities.hosts.fields.firstName')}
                    required
                    maxLength={HOST_NAME_MAX}
                    value={state.firstName}
                    error={state.errors.firstName}
                    onChange={(event) => patch({ firstName: event.currentTarget.value })}
                  />
                  <TextInput
                    label={t('activities.hosts.fields.lastName')}
                    required
                    maxLength={HOST_NAME_MAX}
                    value={state.lastName}
                    error={state.errors.lastName}
                    onChange={(event) => patch({ lastName: event.currentTarget.value })}
                  />
                </Group>
              </>
            )}
          </>
        )}
        {state.step !== 1 && (
          <Group gap="xs">
            {state.step === 2 && (
              <Button variant="light" onClick={steps.keep}>
                {t('activities.hosts.steps.keep')}
              </Button>
            )}
            <Button variant="default" onClick={steps.reset}>
              {t('activities.hosts.steps.reset')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/** A1: the pages reached without a session: « mot de passe oublié », a reset link, an invitation link, PIN sign-in. */
import {
  Alert,
  Anchor,
  Box,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { encodeMessage } from '../../../contracts/http';
import {
  acceptInvitation,
  checkPasswordReset,
  getInvitation,
  newPassword,
  PASSWORD_MIN_LENGTH,
  requestPasswordReset,
  resetPassword,
  signInWithPin,
} from '../../../contracts/users';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { ApiError, call, setCsrfToken } from '../../lib/api';
import { applyLanguage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { queryClient } from '../../lib/query-client';
import { sessionQuery } from '../session/api';

type SessionState = Awaited<ReturnType<typeof call<typeof signInWithPin>>>;

/** Signed in by a link or a PIN: the app opens as after a sign-in. */
async function enter(state: SessionState) {
  setCsrfToken(state.csrfToken);
  if (state.user) await applyLanguage(state.user.locale).catch(() => undefined);
  queryClient.clear();
  queryClient.setQueryData(sessionQuery.queryKey, state);
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Box w={420} maw="100%">
        <Title order={2} c="teal.8" mb="md">
          {t('app.name')}
        </Title>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
        <Anchor component={Link} to="/sign-in" size="sm" mt="md" display="block" ta="center">
          {t('users.public.backToSignIn')}
        </Anchor>
      </Box>
    </Center>
  );
}

/** The refusal of a sign-in or of a link, shown above the form (field errors stay under their fields). */
function useFailure() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const guard = async <T,>(action: () => Promise<T>): Promise<T | null> => {
    setFailure(null);
    try {
      return await action();
    } catch (error) {
      if (error instanceof ApiError && !error.isValidation) {
        setFailure(error.code === 'network' ? t('errors.network') : error.title);
        return null;
      }
      throw error;
    }
  };
  const alert = failure && (
    <Alert color="red" mb="md" role="alert" data-testid="public-error">
      {failure}
    </Alert>
  );
  return { guard, alert };
}

const passwordPair = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    error: encodeMessage('users.validation.passwordMismatch'),
  });

/** The new password, twice; then signed in. */
function PasswordForm(props: { submitLabel: string; send: (password: string) => Promise<SessionState> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { guard, alert } = useFailure();
  const { field, onSubmit, submitting } = useAppForm({
    schema: passwordPair,
    initialValues: { password: '', confirm: '' },
    submit: (values) => guard(() => props.send(values.password)),
    onSaved: async (state) => {
      if (!state) return;
      await enter(state as SessionState);
      void navigate({ to: '/', replace: true });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {alert}
      <Stack>
        <PasswordInput
          label={t('users.public.password')}
          description={t('users.public.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          data-autofocus
          {...field('password')}
        />
        <PasswordInput
          label={t('users.public.confirm')}
          autoComplete="new-password"
          required
          {...field('confirm')}
        />
        <SubmitButton loading={submitting} fullWidth>
          {props.submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** A link that no longer works, or the form it leads to. */
function LinkState({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  children: ReactNode;
}) {
  // While the link is checked (a few milliseconds), nothing: no loader's code for so short a wait.
  if (query.isPending) return null;
  if (query.error) {
    const message = query.error instanceof ApiError ? query.error.title : String(query.error);
    return (
      <Alert color="orange" role="alert" data-testid="link-over">
        {message}
      </Alert>
    );
  }
  return <>{children}</>;
}

export function InvitationPage() {
  const { t } = useTranslation();
  const { token } = useParams({ from: '/invitation/$token' });
  const query = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => call(getInvitation, { params: { token } }),
    retry: false,
  });
  // The page speaks the invitee's language, the one their account and mail have.
  const locale = query.data?.locale;
  useEffect(() => {
    if (locale) void applyLanguage(locale);
  }, [locale]);
  return (
    <Frame
      title={
        query.data ? t('users.public.invitationTitle', { company: query.data.companyName }) : t('app.name')
      }
    >
      <LinkState query={query}>
        {query.data && (
          <>
            <Text size="sm" mb="md">
              {t('users.public.invitationIntro', {
                firstName: query.data.firstName,
                address: query.data.email,
              })}
            </Text>
            <PasswordForm
              submitLabel={t('users.public.invitationSubmit')}
              send={(password) => call(acceptInvitation, { params: { token }, body: { password } })}
            />
          </>
        )}
      </LinkState>
    </Frame>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = useParams({ from: '/reset-password/$token' });
  const query = useQuery({
    queryKey: ['reset', token],
    queryFn: () => call(checkPasswordReset, { params: { token } }),
    retry: false,
  });
  return (
    <Frame title={t('users.public.resetTitle')}>
      <LinkState query={query}>
        {query.data && (
          <>
            <Text size="sm" mb="md">
              {t('users.public.resetIntro', { address: query.data.email })}
            </Text>
            <PasswordForm
              submitLabel={t('users.public.resetSubmit')}
              send={(password) => call(resetPassword, { params: { token }, body: { password } })}
            />
          </>
        )}
      </LinkState>
    </Frame>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { guard, alert } = useFailure();
  const [sent, setSent] = useState<string | null>(null);
  const { field, onSubmit, submitting } = useAppForm({
    schema: requestPasswordReset.body!,
    initialValues: { email: '' },
    submit: (values) => guard(() => call(requestPasswordReset, { body: values })),
    onSaved: (result, values) => {
      if (result) setSent(values.email);
    },
  });
  return (
    <Frame title={t('users.public.forgotTitle')}>
      {sent ? (
        <Alert color="teal" role="status" data-testid="reset-sent">
          {t('users.public.forgotSent', { address: sent, minutes: 60 })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {alert}
          <Text size="sm" mb="md">
            {t('users.public.forgotIntro')}
          </Text>
          <Stack>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              required
              data-autofocus
              {...field('email')}
            />
            <SubmitButton loading={submitting} fullWidth>
              {t('users.public.forgotSubmit')}
            </SubmitButton>
          </Stack>
        </form>
      )}
    </Frame>
  );
}

export function PinSignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { guard, alert } = useFailure();
  const { field, onSubmit, submitting } = useAppForm({
    schema: signInWithPin.body!,
    initialValues: { email: '', pin: '' },
    submit: (body) => guard(() => call(signInWithPin, { body })),
    onSaved: async (state) => {
      if (!state) return;
      await enter(state as SessionState);
      void navigate({ to: '/', replace: true });
    },
  });
  return (
    <Frame title={t('users.public.pinTitle')}>
      <form onSubmit={onSubmit} noValidate>
        {alert}
        <Text size="sm" mb="md">
          {t('users.public.pinIntro')}
        </Text>
        <Stack>
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            data-autofocus
            {...field('email')}
          />
          <TextInput
            label={t('users.public.pinLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...field('pin')}
          />
          <SubmitButton loading={submitting} fullWidth>
            {t('users.public.pinSubmit')}
          </SubmitButton>
        </Stack>
      </form>
    </Frame>
  );
}

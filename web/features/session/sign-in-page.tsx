import {
  Alert,
  Anchor,
  Box,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn } from '../../../contracts/auth';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { ApiError } from '../../lib/api';
import { applyLanguage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { signInWith } from './api';

export function SignInPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('auth.title'));
  const navigate = useNavigate();
  const search = useSearch({ from: '/sign-in' });
  const [failure, setFailure] = useState<string | null>(null);
  const { field, onSubmit, submitting } = useAppForm({
    schema: signIn.body!,
    initialValues: { email: '', password: '' },
    submit: async (values) => {
      setFailure(null);
      try {
        return await signInWith(values.email, values.password);
      } catch (error) {
        if (error instanceof ApiError && !error.isValidation) {
          setFailure(error.code === 'network' ? t('errors.network') : error.title);
          return null;
        }
        throw error;
      }
    },
    onSaved: (state) => {
      // With `href` the redirect keeps its query string (a list's sort, page and search); `to` alone drops it.
      if (state) void navigate({ to: '/', href: search.redirect, replace: true });
    },
  });
  const other = i18n.language === 'fr' ? 'en' : 'fr';

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Box w={400} maw="100%">
        <Group justify="space-between" mb="md">
          <Title order={2} c="teal.8">
            {t('app.name')}
          </Title>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void applyLanguage(other)}
            lang={other}
          >
            {t(`languages.${other}`)}
          </Anchor>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h3" mb={4}>
            {t('auth.title')}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {t('auth.subtitle')}
          </Text>
          {search.expired && !failure && (
            <Alert color="yellow" mb="md" role="status">
              {t('auth.expired')}
            </Alert>
          )}
          {search.signedOut && !search.expired && !failure && (
            <Alert color="teal" mb="md" role="status" data-testid="signed-out">
              {t('auth.signedOut')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" mb="md" role="alert" data-testid="sign-in-error">
              {failure}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="username"
                required
                autoFocus
                {...field('email')}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                required
                {...field('password')}
              />
              <SubmitButton loading={submitting} fullWidth>
                {t('auth.submit')}
              </SubmitButton>
              <Group justify="space-between">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('auth.forgotPassword')}
                </Anchor>
                <Anchor component={Link} to="/sign-in-pin" size="sm">
                  {t('auth.withPin')}
                </Anchor>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Text c="dimmed" size="xs" ta="center" mt="md">
          {t('app.tagline')}
        </Text>
      </Box>
    </Center>
  );
}

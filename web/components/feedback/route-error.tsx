import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { errorMessage } from './error-dialog';

/**
 * A script of the app that the browser could not fetch: Chromium, Firefox and Safari's messages for a failed
 * `import()`, and Vite's for a chunk's styles. After a deploy, an old tab asks for chunks that no longer exist.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/.test(
    message,
  );
}

/**
 * The router's error screen (`defaultErrorComponent`), in place of the page that failed: what happened, in the
 * user's language, and a way out. Code that is gone was replaced by a newer version of the app (for a page's
 * component the router has already reloaded once by itself; not for an import in `beforeLoad`, as `/` does);
 * offline, the same failure is the network's.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const updated = chunk && navigator.onLine !== false;
  const title = updated ? t('pageError.updatedTitle') : t('pageError.title');
  usePageTitle(title);
  let body: string;
  if (updated) body = t('pageError.updated');
  else if (chunk) body = t('errors.network');
  else if (error instanceof ApiError) body = errorMessage(error, t);
  else body = t('pageError.unexpected');
  return (
    <Center py={80} data-testid="page-error">
      <Stack align="center" maw={560}>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        <Text ta="center">{body}</Text>
        <Button onClick={() => window.location.reload()}>{t('pageError.reload')}</Button>
      </Stack>
    </Center>
  );
}

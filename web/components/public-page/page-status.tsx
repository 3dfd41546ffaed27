// Both public pages' common component styles come with this shared module: the build links its stylesheet in both.
import './styles';
import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';

/** What a page opened at a secret address (`/p/<token>`, `/r/<token>`) shows before its data, or instead of it. */
export type PublicPageStatusKind = 'loading' | 'notFound' | 'closed' | 'tooMany' | 'failed';

export interface PublicPageStatusTexts {
  loading: string;
  notFoundTitle: string;
  notFoundBody: string;
  /** Only for a page that can be closed. */
  closed?: string;
  tooMany: string;
  failed: string;
  retry: string;
}

/**
 * The states of a public page without its data: loading, an unknown or replaced address, a closed page, too many
 * reads, a failed load (with a retry); the texts are the page's own (each page carries its texts).
 */
export function PublicPageStatus({
  kind,
  texts,
  onRetry,
}: {
  kind: PublicPageStatusKind;
  texts: PublicPageStatusTexts;
  onRetry: () => void;
}) {
  return (
    <Container size="xs" py="xl">
      <Stack component="main" align="center" gap="md">
        {kind === 'loading' && (
          <>
            <Loader role="progressbar" aria-label={texts.loading} />
            <Text>{texts.loading}</Text>
          </>
        )}
        {kind === 'notFound' && (
          <Alert
            color="yellow"
            title={
              <Title order={1} size="h3">
                {texts.notFoundTitle}
              </Title>
            }
          >
            {texts.notFoundBody}
          </Alert>
        )}
        {kind === 'closed' && (
          <Alert color="yellow" w="100%">
            <Title order={1} size="h3">
              {texts.closed}
            </Title>
          </Alert>
        )}
        {(kind === 'tooMany' || kind === 'failed') && (
          <Alert color="red" role="alert" w="100%">
            <Stack gap="sm" align="flex-start">
              <Text>{kind === 'tooMany' ? texts.tooMany : texts.failed}</Text>
              <Button onClick={onRetry}>{texts.retry}</Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailTemplate } from '../../../contracts/mail-templates';
import { SEARCH_MIN_LENGTH } from '../../../contracts/search';
import { isEmptyText, type Localized } from '../../../contracts/texts';
import { mailTemplateListQuery, mailTemplateQuery } from './api';

/** The message being written: its subject and body in both languages. */
export interface TemplateDraft {
  subject: Localized;
  body: Localized;
}

/** C3 (000 §5): a template goes only into an empty message; a subject or body with text in either language refuses it. */
export function draftHasText(draft: TemplateDraft): boolean {
  return [draft.subject.fr, draft.subject.en, draft.body.fr, draft.body.en].some(
    (text) => !isEmptyText(text),
  );
}

/** The templates offered: the first 100 by name; a search of 4 characters or more asks the server for the others. */
const PAGE = 100;

/**
 * C3: import a template into the message being written: choose one of the project's templates, then « Importer ».
 * Refused (an error under the button) while the subject or the body already has text; `onImport` receives the
 * whole template (subject and body in both languages) to fill the message.
 */
export function TemplateImport({
  projectId,
  draft,
  onImport,
}: {
  projectId: string;
  draft: TemplateDraft;
  onImport: (template: MailTemplate) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [search, setSearch] = useState('');
  const [refused, setRefused] = useState(false);
  const [importing, setImporting] = useState(false);
  const [term] = useDebouncedValue(search.trim(), 300);
  // Choosing a template writes its name in the box: that is not a search.
  const q = term.length >= SEARCH_MIN_LENGTH && term !== chosen?.name ? term : undefined;
  const list = useQuery(
    mailTemplateListQuery(projectId, { q, sort: 'name', dir: 'asc', page: 1, pageSize: PAGE }),
  );
  const options = (list.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }));
  const noTemplate = list.data?.total === 0 && !q;

  async function handleImport() {
    if (!chosen) return;
    if (draftHasText(draft)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setImporting(true);
    // A failed read ends in the error popup (the query cache reports it): nothing is filled then.
    const template = await queryClient
      .fetchQuery(mailTemplateQuery(projectId, chosen.id))
      .catch(() => null)
      .finally(() => setImporting(false));
    if (!template) return;
    onImport(template);
    notifications.show({
      color: 'teal',
      message: t('mailTemplates.notifications.imported', { name: template.name }),
    });
  }

  return (
    <Stack gap="xs" data-testid="template-import">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('mailTemplates.import.label')}
          placeholder={t(noTemplate ? 'mailTemplates.import.none' : 'mailTemplates.import.placeholder')}
          data={options}
          value={chosen?.id ?? null}
          onChange={(value, option) => {
            setChosen(value && option ? { id: value, name: option.label } : null);
            setRefused(false);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t('mailTemplates.import.nothingFound')}
          disabled={noTemplate}
          clearable
          w={360}
          maw="100%"
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} />}
          onClick={() => void handleImport()}
          disabled={!chosen}
          loading={importing}
        >
          {t('mailTemplates.import.button')}
        </Button>
      </Group>
      {refused && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('mailTemplates.import.notEmptyTitle')}
          role="alert"
        >
          {t('mailTemplates.import.notEmpty')}
        </Alert>
      )}
    </Stack>
  );
}

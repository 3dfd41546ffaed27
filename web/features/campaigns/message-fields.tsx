import { Box, Button, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBJECT_MAX } from '../../../contracts/campaigns';
import type { Language } from '../../../contracts/http';
import { RichTextEditor, RichTextView } from '../../components/rich-text';

export type Bilingual = Record<Language, string>;
/** The text of each body editor open, by language (absent: that editor is closed). */
export type OpenEditors = Partial<Record<Language, string>>;

/** E5 tag groups offered in a campaign: names, project, the participant's links, event pages, kiosks and QR code. */
export const CAMPAIGN_TAG_GROUPS = [1, 2, 3, 4, 5];
const LANGUAGES: Language[] = ['fr', 'en'];
const SUBJECT_LABEL = { fr: 'campaigns.compose.subjectFr', en: 'campaigns.compose.subjectEn' } as const;
const BODY_LABEL = { fr: 'campaigns.compose.bodyFr', en: 'campaigns.compose.bodyEn' } as const;

export interface MessageFieldsProps {
  projectId: string;
  subject: Bilingual;
  body: Bilingual;
  editors: OpenEditors;
  onSubject: (language: Language, value: string) => void;
  /** Opens (a text) or closes (null) the editor of a language's body. */
  onEditor: (language: Language, text: string | null) => void;
  onBody: (language: Language, value: string) => void;
  /** Field errors by path (`subject.fr`, `body.en`). */
  errors: Record<string, string>;
}

/** The subject and the message in French and English; a message shows as it reads, « Modifier » edits it in place. */
export function MessageFields(props: MessageFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={t(SUBJECT_LABEL[language])}
            value={props.subject[language]}
            onChange={(event) => props.onSubject(language, event.currentTarget.value)}
            error={props.errors[`subject.${language}`]}
            maxLength={SUBJECT_MAX}
            data-testid={`subject-${language}`}
          />
        ))}
      </SimpleGrid>
      {LANGUAGES.map((language) => (
        <BodyField key={language} language={language} {...props} />
      ))}
    </Stack>
  );
}

function BodyField({
  language,
  projectId,
  body,
  editors,
  onEditor,
  onBody,
  errors,
}: MessageFieldsProps & { language: Language }) {
  const { t } = useTranslation();
  const [tooLong, setTooLong] = useState(false);
  const onValidity = useCallback((over: boolean) => setTooLong(over), []);
  const draft = editors[language];
  const label = t(BODY_LABEL[language]);
  const error = errors[`body.${language}`];
  if (draft !== undefined) {
    return (
      <Stack gap="xs" data-testid={`body-editor-${language}`}>
        <RichTextEditor
          value={draft}
          onChange={(html) => onEditor(language, html)}
          editorType={2}
          tagGroups={CAMPAIGN_TAG_GROUPS}
          projectId={projectId}
          label={label}
          error={error}
          onValidityChange={onValidity}
          autoFocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => onEditor(language, null)}>
            {t('common.cancel')}
          </Button>
          <Button
            size="xs"
            disabled={tooLong}
            onClick={() => {
              onBody(language, draft);
              onEditor(language, null);
            }}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const text = body[language];
  return (
    <Input.Wrapper label={label} error={error} data-testid={`body-${language}`}>
      <Group align="flex-start" justify="space-between" wrap="nowrap" gap="sm">
        <Box
          flex={1}
          p="sm"
          mih={80}
          style={{
            border: `1px solid var(--mantine-color-${error ? 'red-6' : 'gray-3'})`,
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          {text ? (
            <RichTextView html={text} data-testid={`body-preview-${language}`} />
          ) : (
            <Text c="dimmed" fs="italic" size="sm">
              {t('campaigns.compose.emptyBody')}
            </Text>
          )}
        </Box>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} />}
          onClick={() => onEditor(language, text)}
          aria-label={t('campaigns.compose.editBody', { language: t(`languages.${language}`) })}
        >
          {t('campaigns.compose.edit')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}

import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, Fieldset, Group, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, Language } from '../../contracts/http';
import type { ParticipantAnswers } from '../../contracts/question-answers';
import { Section } from './sections';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

const answersUrl = (token: string) => `/api/personal-pages/${encodeURIComponent(token)}/answers`;

/** The CSRF token a change needs (GET /api/session gives it, with its cookie, to any browser). */
async function csrfToken(): Promise<string> {
  const response = await fetch('/api/session', { headers: { accept: 'application/json' } });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/**
 * The questions asked to the participant whose answers they see (the question permissions, enforced by the server),
 * answered here: read-only ones shown with their answer; saved together, errors under each question.
 */
export function QuestionnaireSection({ token, language }: { token: string; language: Language }) {
  const { t } = useTranslation();
  const [data, setData] = useState<ParticipantAnswers | null>(null);
  const [draft, setDraft] = useState<Record<string, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => {
    void fetch(answersUrl(token), { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) return;
      const body = (await response.json()) as ParticipantAnswers;
      setData(body);
      setDraft(body.answers);
    });
  }, [token]);

  // The survey link of an e-mail opens `…#questionnaire`: the section comes after the page, so the browser's own
  // jump to the anchor found nothing; once it is shown, bring it into view.
  const shown = Boolean(data?.questions.length);
  useEffect(() => {
    if (shown && window.location.hash === '#questionnaire') {
      document.getElementById('questionnaire')?.scrollIntoView?.({ block: 'start' });
    }
  }, [shown]);

  if (!data || data.questions.length === 0) return null;
  const editable = data.questions.filter((q) => q.editable);

  const save = async () => {
    setStatus('saving');
    setErrors({});
    try {
      const answers = Object.fromEntries(editable.map((q) => [q.id, draft[q.id] ?? []]));
      const response = await fetch(answersUrl(token), {
        method: 'PUT',
        headers: {
          accept: 'application/json',
          'accept-language': language,
          'content-type': 'application/json',
          'x-csrf-token': await csrfToken(),
        },
        body: JSON.stringify({ answers }),
      });
      const body = await response.json();
      if (response.ok) {
        setData(body as ParticipantAnswers);
        setDraft((body as ParticipantAnswers).answers);
        setStatus('saved');
        return;
      }
      const fields = ((body as { fields?: FieldError[] }).fields ?? []).map(
        (f) => [f.field.replace(/^answers\./, ''), f.message] as const,
      );
      setErrors(Object.fromEntries(fields));
      setStatus(fields.length ? 'idle' : 'failed');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <Section id="questionnaire" title={t('personalPage.questionnaire.title')}>
      <Text size="sm">{t('personalPage.questionnaire.intro')}</Text>
      {data.questions.map((q) => {
        const chosen = draft[q.id] ?? [];
        const set = (values: string[]) => {
          setDraft((d) => ({ ...d, [q.id]: values }));
          setStatus('idle');
        };
        const legend = q.isMandatory
          ? `${q.title[language]} (${t('personalPage.questionnaire.mandatory')})`
          : q.title[language];
        const help = [
          q.help[language],
          q.kind === 'multiple' && q.maxChoices
            ? t('personalPage.questionnaire.atMost', { count: q.maxChoices })
            : '',
          q.editable ? '' : t('personalPage.questionnaire.readOnly'),
        ]
          .filter(Boolean)
          .join(' ');
        const options = q.choices.map((c) => ({
          value: c.id,
          label: c.category ? `${c.category[language]} — ${c.label[language]}` : c.label[language],
        }));
        return (
          <Fieldset key={q.id} legend={legend} data-testid="personal-question">
            {q.kind === 'single' ? (
              <Radio.Group
                value={chosen[0] ?? null}
                onChange={(value) => set([value])}
                description={help || undefined}
                error={errors[q.id]}
                aria-label={q.title[language]}
              >
                <Stack gap="xs" mt="xs">
                  {options.map((o) => (
                    <Radio key={o.value} value={o.value} label={o.label} disabled={!q.editable} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                value={chosen}
                onChange={set}
                description={help || undefined}
                error={errors[q.id]}
                aria-label={q.title[language]}
              >
                <Stack gap="xs" mt="xs">
                  {options.map((o) => (
                    <Checkbox key={o.value} value={o.value} label={o.label} disabled={!q.editable} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Fieldset>
        );
      })}
      {editable.length > 0 && (
        <Group>
          <Button onClick={() => void save()} loading={status === 'saving'}>
            {t('personalPage.questionnaire.save')}
          </Button>
        </Group>
      )}
      <div role="status">
        {status === 'saved' && <Text c="teal.9">{t('personalPage.questionnaire.saved')}</Text>}
      </div>
      {status === 'failed' && (
        <Alert color="red" role="alert">
          {t('personalPage.questionnaire.failed')}
        </Alert>
      )}
    </Section>
  );
}

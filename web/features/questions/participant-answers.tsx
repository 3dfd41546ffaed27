import { Checkbox, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskedQuestion } from '../../../contracts/question-answers';
import { ApiError } from '../../lib/api';
import { answersQuery, questionKeys, saveAnswers } from './api';

type Answers = Record<string, string[]>;

/**
 * Q1: the « Questionnaire » section of the participant panel: the answers are kept here and saved with the panel
 * (`save`, called by the panel's submit before the participant's own fields); the server's refusals (too many
 * choices) show under their question.
 */
export function useParticipantAnswers(projectId: string, participantId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(answersQuery(projectId, participantId));
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = query.data?.answers;
  useEffect(() => {
    if (loaded) setAnswers(loaded);
  }, [loaded]);
  const dirty =
    Boolean(loaded) && JSON.stringify(normalise(answers)) !== JSON.stringify(normalise(loaded ?? {}));
  async function save() {
    if (!dirty || !query.data) return;
    const body = Object.fromEntries(query.data.questions.map((q) => [q.id, answers[q.id] ?? []]));
    try {
      await saveAnswers(projectId, participantId, body);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: questionKeys.answers(projectId, participantId) });
    } catch (error) {
      if (error instanceof ApiError && error.isValidation)
        setErrors(
          Object.fromEntries(error.fields.map((f) => [f.field.replace(/^answers\./, ''), f.message])),
        );
      throw error;
    }
  }
  return { query, answers, setAnswers, errors, dirty, save };
}

const normalise = (answers: Answers) =>
  Object.fromEntries(
    Object.entries(answers)
      .filter(([, ids]) => ids.length > 0)
      .map(([id, ids]) => [id, [...ids].sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

export function ParticipantAnswersSection({ state }: { state: ReturnType<typeof useParticipantAnswers> }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const text = (l: { fr: string; en: string }) => (english ? l.en : l.fr);
  const { query, answers, setAnswers, errors } = state;
  const set = (id: string, ids: string[]) => setAnswers({ ...answers, [id]: ids });
  const label = (c: AskedQuestion['choices'][number]) =>
    c.category ? `${text(c.category)} · ${text(c.label)}` : text(c.label);
  return (
    <Stack gap="sm" data-testid="participant-answers">
      <Title order={3} size="h4">
        {t('questions.answers.title')}
      </Title>
      {query.isPending ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : !query.data || query.data.questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('questions.answers.empty')}
        </Text>
      ) : (
        query.data.questions.map((q) => {
          const description = [
            text(q.help),
            q.kind === 'multiple' && q.maxChoices
              ? t('questions.answers.maxHint', { maximum: q.maxChoices })
              : '',
          ]
            .filter(Boolean)
            .join(' ');
          return q.kind === 'single' ? (
            <Radio.Group
              key={q.id}
              label={text(q.title)}
              description={description || undefined}
              withAsterisk={q.isMandatory}
              error={errors[q.id]}
              value={answers[q.id]?.[0] ?? null}
              onChange={(v) => set(q.id, v ? [v] : [])}
            >
              <Group mt="xs">
                {q.choices.map((c) => (
                  <Radio key={c.id} value={c.id} label={label(c)} />
                ))}
              </Group>
            </Radio.Group>
          ) : (
            <Checkbox.Group
              key={q.id}
              label={text(q.title)}
              description={description || undefined}
              withAsterisk={q.isMandatory}
              error={errors[q.id]}
              value={answers[q.id] ?? []}
              onChange={(v) => set(q.id, v)}
            >
              <Group mt="xs">
                {q.choices.map((c) => (
                  <Checkbox key={c.id} value={c.id} label={label(c)} />
                ))}
              </Group>
            </Checkbox.Group>
          );
        })
      )}
    </Stack>
  );
}

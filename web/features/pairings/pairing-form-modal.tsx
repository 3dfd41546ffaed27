import { Checkbox, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALGORITHMS,
  CHOICE_COUNT_MAX,
  choiceCountMode,
  impliedObjective,
  needsQuestion,
  OBJECTIVES,
  PAIRING_NAME_MAX,
  PAIRING_ROUNDS_MAX,
  type Pairing,
  type PairingInput,
  pairingInput,
  roundBound,
} from '../../../contracts/pairings';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useLocalizedName } from '../activities/localized-name';
import { pairingOptionsQuery, useSavePairing } from './api';
import { algorithmName } from './labels';

/**
 * M1: add or edit a pairing. The algorithm selector follows 001 §2: below 0 it asks for a number of choices, hides
 * the choice list and ticks every choice; otherwise the choice list shows and the number of choices hides. The
 * objective is chosen only for 7 (the other values imply it). The round bound ⌊(n−1)/(s−1)⌋ shows under the rounds.
 */
export function PairingFormModal({
  projectId,
  pairing,
  onClose,
  onSaved,
}: {
  projectId: string;
  pairing: Pairing | null;
  onClose: () => void;
  onSaved?: (saved: Pairing) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const options = useQuery(pairingOptionsQuery(projectId));
  const save = useSavePairing(projectId);
  const initial: PairingInput = {
    name: pairing?.name ?? '',
    categoryId: pairing?.category.id ?? '',
    rounds: pairing?.rounds ?? 3,
    algorithm: pairing?.algorithm ?? 1,
    objective: pairing?.objective ?? 'none',
    choiceCount: pairing?.choiceCount ?? null,
    questionId: pairing?.questionId ?? null,
    choiceIds: pairing?.choiceIds ?? [],
    held: pairing?.held ?? false,
  };
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: pairingInput,
    initialValues: initial,
    submit: (body) => save.mutateAsync({ pairingId: pairing?.id ?? null, body }),
    successMessage: t(pairing ? 'pairings.notifications.saved' : 'pairings.notifications.created'),
    onSaved: (saved) => {
      onSaved?.(saved as Pairing);
      onClose();
    },
  });
  // A new pairing starts on the first category that has tables (a category without any cannot seat anyone).
  const firstWithTables = options.data?.categories.find((c) => c.tables > 0)?.id;
  useEffect(() => {
    if (!pairing && firstWithTables && !form.getValues().categoryId)
      form.setFieldValue('categoryId', firstWithTables);
  }, [pairing, firstWithTables, form]);
  const values = form.getValues() as PairingInput;
  const algorithm = values.algorithm;
  const categories = options.data?.categories ?? [];
  const category = categories.find((c) => c.id === values.categoryId);
  const question = options.data?.questions.find((q) => q.id === values.questionId);
  const implied = impliedObjective(algorithm);
  // The people a pairing seats: its groups' members once it has groups, else the project's participants.
  const people = pairing ? pairing.people : (options.data?.participants ?? 0);
  const bound = category ? roundBound(people, category.seats) : null;

  return (
    <AppModal
      opened
      onClose={onClose}
      dirty={dirty}
      size="lg"
      title={pairing ? t('pairings.editTitle') : t('pairings.addTitle')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {options.data && categories.length === 0 && (
            <Text c="red" size="sm" role="alert">
              {t('pairings.noCategory')}
            </Text>
          )}
          <TextInput
            label={t('pairings.fields.name')}
            required
            maxLength={PAIRING_NAME_MAX}
            data-autofocus
            {...field('name')}
          />
          <Select
            label={t('pairings.fields.category')}
            data-testid="pairing-category"
            required
            data={categories.map((c) => ({ value: c.id, label: nameOf(c.name) }))}
            description={
              category
                ? t('pairings.fields.categoryTables', { count: category.tables, seats: category.seats })
                : undefined
            }
            {...field('categoryId')}
            value={values.categoryId || null}
            onChange={(v) => form.setFieldValue('categoryId', v ?? '')}
          />
          <NumberInput
            label={t('pairings.fields.rounds')}
            required
            min={1}
            max={PAIRING_ROUNDS_MAX}
            allowDecimal={false}
            allowNegative={false}
            description={
              bound === null
                ? t('pairings.fields.roundBoundNone')
                : t('pairings.fields.roundBound', { bound, people, seats: category?.seats ?? 0 })
            }
            {...field('rounds')}
          />
          {bound !== null && values.rounds > bound && (
            <Text size="sm" c="var(--mantine-color-orange-light-color)" data-testid="rounds-over">
              {t('pairings.fields.roundsOver')}
            </Text>
          )}
          <Select
            label={t('pairings.fields.algorithm')}
            data-testid="pairing-algorithm"
            required
            allowDeselect={false}
            data={ALGORITHMS.map((a) => ({
              value: String(a),
              label: t(`pairings.algorithms.${algorithmName(a)}`),
            }))}
            {...field('algorithm')}
            value={String(algorithm)}
            onChange={(v) => form.setFieldValue('algorithm', Number(v ?? 1))}
          />
          {implied ? (
            <Text size="sm" data-testid="implied-objective">
              {t('pairings.fields.impliedObjective', { objective: t(`pairings.objectives.${implied}`) })}
            </Text>
          ) : (
            <Select
              label={t('pairings.fields.objective')}
              data-testid="pairing-objective"
              required
              allowDeselect={false}
              data={OBJECTIVES.map((o) => ({ value: o, label: t(`pairings.objectives.${o}`) }))}
              {...field('objective')}
            />
          )}
          <Select
            label={t('pairings.fields.question')}
            required={needsQuestion(algorithm)}
            clearable
            placeholder={t('pairings.fields.noQuestion')}
            description={needsQuestion(algorithm) ? undefined : t('pairings.fields.questionHelp')}
            data={(options.data?.questions ?? []).map((q) => ({ value: q.id, label: nameOf(q.title) }))}
            {...field('questionId')}
            onChange={(v) => {
              form.setFieldValue('questionId', v);
              form.setFieldValue('choiceIds', []);
            }}
          />
          {choiceCountMode(algorithm) ? (
            <>
              <NumberInput
                label={t('pairings.fields.choiceCount')}
                data-testid="pairing-choice-count"
                description={t('pairings.fields.choiceCountHelp')}
                required
                min={1}
                max={CHOICE_COUNT_MAX}
                allowDecimal={false}
                allowNegative={false}
                {...field('choiceCount')}
                value={values.choiceCount ?? ''}
                onChange={(v) => form.setFieldValue('choiceCount', typeof v === 'number' ? v : null)}
              />
              {question && (
                <Text size="sm" data-testid="all-choices">
                  {t('pairings.fields.allChoices')}
                </Text>
              )}
            </>
          ) : (
            question && (
              <Checkbox.Group
                label={t('pairings.fields.choices')}
                data-testid="choice-list"
                {...field('choiceIds')}
              >
                <Stack gap={6} mt={6}>
                  {question.choices.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('pairings.fields.noChoices')}
                    </Text>
                  )}
                  {question.choices.map((c) => (
                    <Checkbox key={c.id} value={c.id} label={nameOf(c.label)} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )
          )}
          <Switch
            label={t('pairings.fields.held')}
            description={t('pairings.fields.heldHelp')}
            {...field('held', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{pairing ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

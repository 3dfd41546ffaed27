import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getParticipantAnswers,
  listWeights,
  resetScores,
  saveParticipantAnswers,
  saveWeights,
  type WeightsInput,
} from '../../../contracts/question-answers';
import {
  type AudienceInput,
  type CategoryInput,
  type ChoiceInput,
  type ChoiceLayout,
  createCategory,
  createChoice,
  createLinkedQuestion,
  createQuestion,
  createStandardValue,
  deleteCategory,
  deleteChoice,
  deleteQuestion,
  deleteStandardValue,
  getQuestion,
  importChoices,
  listQuestions,
  type QuestionCreateInput,
  type QuestionDetail,
  type QuestionPairingInput,
  type QuestionPermissionsInput,
  type QuestionSettingsInput,
  reorderCategories,
  reorderChoices,
  reorderQuestions,
  reorderStandardValues,
  type StandardValueInput,
  saveQuestionAudience,
  saveQuestionPairing,
  saveQuestionPermissions,
  saveQuestionSettings,
  setQuestionStatus,
  updateCategory,
  updateChoice,
} from '../../../contracts/questions';
import { call, upload } from '../../lib/api';

export const questionKeys = {
  all: ['questions'] as const,
  list: (projectId: string, archived: boolean) => ['questions', projectId, 'list', archived] as const,
  detail: (projectId: string, questionId: string) => ['questions', projectId, 'detail', questionId] as const,
  weights: (projectId: string) => ['questions', projectId, 'weights'] as const,
  answers: (projectId: string, participantId: string) =>
    ['questions', projectId, 'answers', participantId] as const,
};

export const questionListQuery = (projectId: string, archived: boolean) =>
  queryOptions({
    queryKey: questionKeys.list(projectId, archived),
    queryFn: ({ signal }) =>
      call(listQuestions, {
        params: { projectId },
        query: { archived: archived ? 'true' : 'false' },
        signal,
      }),
  });

export const questionQuery = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: questionKeys.detail(projectId, questionId),
    queryFn: ({ signal }) => call(getQuestion, { params: { projectId, questionId }, signal }),
  });

/** While a computation runs, the weights page asks again every 2 s for its progress. */
export const weightsQuery = (projectId: string) =>
  queryOptions({
    queryKey: questionKeys.weights(projectId),
    queryFn: ({ signal }) => call(listWeights, { params: { projectId }, signal }),
    refetchInterval: (query) => (query.state.data?.scores.status === 'computing' ? 2000 : false),
  });

export const answersQuery = (projectId: string, participantId: string) =>
  queryOptions({
    queryKey: questionKeys.answers(projectId, participantId),
    queryFn: ({ signal }) => call(getParticipantAnswers, { params: { projectId, participantId }, signal }),
  });

/** Every change refreshes what the questionnaire shows (lists, the question, weights, answers). */
function useQuestionMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
    meta: { silent },
  });
}

export const useCreateQuestion = (projectId: string) =>
  useQuestionMutation(
    (body: QuestionCreateInput) => call(createQuestion, { params: { projectId }, body }),
    true,
  );

export const useDeleteQuestion = (projectId: string) =>
  useQuestionMutation((questionId: string) => call(deleteQuestion, { params: { projectId, questionId } }));

export const useSetQuestionStatus = (projectId: string) =>
  useQuestionMutation(({ questionId, status }: { questionId: string; status: 'active' | 'archived' }) =>
    call(setQuestionStatus, { params: { projectId, questionId }, body: { status } }),
  );

export const saveQuestionOrder = (projectId: string, ids: string[]) =>
  call(reorderQuestions, { params: { projectId }, body: { ids } });

/** RS4: reads the question again after an edit conflict (its tab is then drawn from what was saved). */
export function useReloadQuestion(projectId: string, questionId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: questionKeys.detail(projectId, questionId) });
}

/** The mutations of one question's edition page; forms show their own field errors (silent). */
export function useQuestionEdits(projectId: string, questionId: string) {
  const params = { projectId, questionId };
  const m = useQuestionMutation;
  return {
    settings: m((body: QuestionSettingsInput) => call(saveQuestionSettings, { params, body }), true),
    pairing: m((body: QuestionPairingInput) => call(saveQuestionPairing, { params, body }), true),
    permissions: m((body: QuestionPermissionsInput) => call(saveQuestionPermissions, { params, body }), true),
    // Its screen shows an edit conflict in the conflict dialog, anything else in the popup.
    audience: m((body: AudienceInput) => call(saveQuestionAudience, { params, body }), true),
    linked: m(
      (body: { title: { fr: string; en: string } }) => call(createLinkedQuestion, { params, body }),
      true,
    ),
    saveChoice: m(
      ({ choiceId, body }: { choiceId: string | null; body: ChoiceInput }) =>
        choiceId
          ? call(updateChoice, { params: { ...params, choiceId }, body })
          : call(createChoice, { params, body }),
      true,
    ),
    deleteChoice: m((choiceId: string) => call(deleteChoice, { params: { ...params, choiceId } })),
    saveCategory: m(
      ({ categoryId, body }: { categoryId: string | null; body: CategoryInput }) =>
        categoryId
          ? call(updateCategory, { params: { ...params, categoryId }, body })
          : call(createCategory, { params, body }),
      true,
    ),
    deleteCategory: m((categoryId: string) => call(deleteCategory, { params: { ...params, categoryId } })),
    addStandardValue: m((body: StandardValueInput) => call(createStandardValue, { params, body }), true),
    deleteStandardValue: m((standardValueId: string) =>
      call(deleteStandardValue, { params: { ...params, standardValueId } }),
    ),
    reorderStandardValues: m((ids: string[]) => call(reorderStandardValues, { params, body: { ids } })),
  };
}

export const saveChoiceLayout = (projectId: string, questionId: string, body: ChoiceLayout) =>
  call(reorderChoices, { params: { projectId, questionId }, body });
export const saveCategoryOrder = (projectId: string, questionId: string, ids: string[]) =>
  call(reorderCategories, { params: { projectId, questionId }, body: { ids } });

/** The import of choices: a preview (save false), then the save of the same list. */
export function importChoiceList(
  projectId: string,
  questionId: string,
  source: { text: string } | { file: File },
  save: boolean,
) {
  const form = new FormData();
  if ('file' in source) form.append('file', source.file);
  else form.append('text', source.text);
  form.append('save', save ? 'true' : 'false');
  return upload(importChoices, form, { params: { projectId, questionId } });
}

export const useSaveWeights = (projectId: string) =>
  useQuestionMutation((body: WeightsInput) => call(saveWeights, { params: { projectId }, body }));

export const useResetScores = (projectId: string) =>
  useQuestionMutation(() => call(resetScores, { params: { projectId } }));

export const saveAnswers = (projectId: string, participantId: string, answers: Record<string, string[]>) =>
  call(saveParticipantAnswers, { params: { projectId, participantId }, body: { answers } });

export type { QuestionDetail };

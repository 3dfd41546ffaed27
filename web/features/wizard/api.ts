import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createProjectFromWizard,
  type ProjectWizardInput,
  type ProjectWizardStepInput,
  validateProjectWizardStep,
} from '../../../contracts/wizards';
import { call } from '../../lib/api';

/** P10: checks one step on the server; field errors are the page's to show (no popup from here). */
export function useValidateProjectStep() {
  return useMutation({
    mutationFn: (body: ProjectWizardStepInput) => call(validateProjectWizardStep, { body }),
    meta: { silent: true },
  });
}

export function useCreateProjectFromWizard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectWizardInput) => call(createProjectFromWizard, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
    meta: { silent: true },
  });
}

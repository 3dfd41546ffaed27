import { useState } from 'react';
import { showError } from '../../components/feedback/error-dialog';
import { ApiError } from '../../lib/api';

/** The fields of the compose tab that show their own error (the server names them by these paths). */
const SHOWN = new Set([
  'subject.fr',
  'subject.en',
  'body.fr',
  'body.en',
  'plannedAt',
  'participantId',
  'audience.activityId',
  'audience.groupId',
  'audience.criteria',
]);

export interface FieldErrors {
  byField: Record<string, string>;
  /** Writes a refused call's field errors under their fields; anything else opens the error popup. */
  show: (error: unknown) => void;
  set: (field: string, message: string) => void;
  clear: () => void;
}

/** P8 for a form that is not one `useAppForm`: the server's field errors (already translated) by field path. */
export function useFieldErrors(): FieldErrors {
  const [byField, setByField] = useState<Record<string, string>>({});
  return {
    byField,
    show: (error) => {
      const fields = error instanceof ApiError && error.isValidation ? error.fields : [];
      const shown = fields.filter((f) => SHOWN.has(f.field));
      setByField(Object.fromEntries(shown.map((f) => [f.field, f.message])));
      if (shown.length === 0 || shown.length < fields.length) showError(error);
    },
    set: (field, message) => setByField((prev) => ({ ...prev, [field]: message })),
    clear: () => setByField({}),
  };
}
